/**
 * Type-level tests of the typed API client, run by `bun run typecheck` (nothing here executes).
 * Each `@ts-expect-error` line must fail to compile: if the server's answer changed so that it
 * compiled, or the web's expectation drifted from the server's, typecheck reports it.
 */
import type { SessionProfile } from '@wishwell/shared/api-types';
import type { Claim, Item, SharedWishlist, Wishlist, WishlistSummary } from '@wishwell/shared/wishlist-types';
import { api } from '../../src/api/client';
import type { ApiAnswer, ApiBody } from '../../src/api/routes';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const same = <Check extends true>(): Check | undefined => undefined;

// The answers the pages are written against are exactly what the server's handlers return.
same<Equal<ApiAnswer<'get', '/wishlists/share/:id'>, SharedWishlist>>();
same<Equal<ApiAnswer<'get', '/wishlists/:id'>, Wishlist>>();
same<Equal<ApiAnswer<'get', '/wishlists'>, WishlistSummary[]>>();
same<Equal<ApiAnswer<'post', '/wishlists/:id/items'>, Item>>();
same<Equal<ApiAnswer<'get', '/reservations'>, Claim[]>>();
same<Equal<ApiAnswer<'post', '/users/login'>, SessionProfile>>();

// A guest's share view is not the owner's list: no buyers' names, no editors' addresses.
// @ts-expect-error the share view is not a Wishlist
same<Equal<ApiAnswer<'get', '/wishlists/share/:id'>, Wishlist>>();
// @ts-expect-error shared items carry no purchasedBy
type SharedBuyer = ApiAnswer<'get', '/wishlists/share/:id'>['items'][number]['purchasedBy'];

// Request bodies come from the route schemas.
same<Equal<ApiBody<'put', '/wishlists/share/:id/items/:itemId'>['quantityPurchased'], number>>();

/** Call sites: checked, never run. */
export async function callSites(id: string): Promise<SharedBuyer[]> {
  const list = await api.get('/wishlists/:id', { params: { id } });
  same<Equal<typeof list, Wishlist>>();
  // @ts-expect-error no call chooses its own answer type
  await api.get<Wishlist>('/wishlists');
  // @ts-expect-error a path the server does not have
  await api.get('/wishlist/:id', { params: { id } });
  // @ts-expect-error the path's :id is required
  await api.get('/wishlists/:id');
  // @ts-expect-error a body the server's schema refuses (quantity is a number)
  await api.post('/wishlists/:id/items', { params: { id }, body: { title: 'Kettle', quantity: '2' } });
  // @ts-expect-error a GET takes no body
  await api.get('/wishlists', { body: { name: 'x' } });
  return [];
}
