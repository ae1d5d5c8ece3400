import { Elysia } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import { capabilitiesOf, capabilityCookieName } from '../../http/cookies';
import type { ClaimGuestList } from '../users/routes';
import type { ClaimService } from './claims';
import type { InvitationService } from './invitations';
import type { ItemService } from './items-service';
import {
  addEditorBody,
  bulkItemsBody,
  claimChangeBody,
  claimIdParams,
  editorParams,
  guestWishlistBody,
  heldClaimsBody,
  idParams,
  invitationParams,
  itemBody,
  itemOrderBody,
  itemParams,
  moveCopyBody,
  pledgeBody,
  purchaseBody,
  shareByEmailBody,
  tokenParams,
  wishlistBody,
} from './schemas';
import type { WishlistService } from './service';
import type { ShareMailService } from './share-mail';

const CAPABILITY_MAX_AGE_SECONDS = 400 * 24 * 3600; // browsers cap cookie lifetimes at 400 days

/** Whether an If-None-Match header (a list of tags, weak or strong, or *) names this ETag. */
function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

export interface WishlistServices {
  lists: WishlistService;
  items: ItemService;
  claims: ClaimService;
  shareMail: ShareMailService;
  invitations: InvitationService;
}

/** Spec section 7 "Wishlists and items" (except /scrape and /referral-rules). */
export function wishlistRoutes(policies: AccessPolicies, { lists: wishlists, items, claims, shareMail, invitations }: WishlistServices) {
  return (
    new Elysia()
      .use(policies)
      .post(
        '/wishlists/guest',
        async (context) => {
          const created = await wishlists.createGuest(context.body, await context.viewer(), context.http.ip);
          if (created.capability) {
            context.http.setCookie(capabilityCookieName(created.capability.listId), created.capability.secret, { httpOnly: true, maxAgeSeconds: CAPABILITY_MAX_AGE_SECONDS });
          }
          return created.wishlist;
        },
        { publicRoute: true, body: guestWishlistBody },
      )
      .get('/wishlists', ({ user }) => wishlists.myLists(user), { signedIn: true })
      .post('/wishlists', ({ body, user }) => wishlists.create(body, user), { signedIn: true, body: wishlistBody })
      .post('/wishlists/items/move-copy', ({ body, caller }) => items.moveOrCopy(body, caller.listAccess), {
        capabilityOrSignedIn: true,
        body: moveCopyBody,
      })
      .get(
        '/wishlists/share/:id',
        async ({ params, request, set, http, viewer, status }) => {
          const view = await wishlists.sharedView(params.id, async () => ({ user: await viewer(), capabilities: capabilitiesOf(http.cookies) }));
          // Headers go on `set` so Elysia builds one Response (merging into a returned one costs more).
          set.headers.etag = view.etag;
          set.headers['cache-control'] = 'no-cache';
          if (matchesEtag(request.headers.get('if-none-match'), view.etag)) return status(304, null);
          set.headers['content-type'] = 'application/json';
          return view.body;
        },
        { publicRoute: true, params: idParams },
      )
      .put(
        '/wishlists/share/:id/items/:itemId',
        async ({ params, body, http, viewer }) => claims.purchase(params.id, params.itemId, body, { user: await viewer(), ip: http.ip, origin: http.origin, language: http.language }),
        { publicRoute: true, params: itemParams, body: purchaseBody },
      )
      .post('/wishlists/share/:id/claims', ({ params, body, http }) => claims.held(params.id, body.tokens, http.ip), {
        publicRoute: true,
        params: idParams,
        body: heldClaimsBody,
      })
      // The manage token is the guest's capability on one claim (wrong or used-up: 404, rate limited per IP).
      .get('/claims/:token', ({ params, http }) => claims.get({ token: params.token }, http.ip), { publicRoute: true, params: tokenParams })
      .post(
        '/wishlists/share/:id/items/:itemId/pledges',
        async ({ params, body, http, viewer }) => claims.pledge(params.id, params.itemId, body, { user: await viewer(), ip: http.ip, origin: http.origin, language: http.language }),
        { publicRoute: true, params: itemParams, body: pledgeBody },
      )
      .put('/claims/:token', ({ params, body, http }) => claims.change({ token: params.token }, body, http.ip), {
        publicRoute: true,
        params: tokenParams,
        body: claimChangeBody,
      })
      .delete(
        '/claims/:token',
        async ({ params, http }) => {
          await claims.undo({ token: params.token }, http.ip);
          return { message: 'Reservation undone.' };
        },
        { publicRoute: true, params: tokenParams },
      )
      .get('/reservations', ({ user }) => claims.mine(user), { signedIn: true })
      .put('/reservations/:id', ({ params, body, user }) => claims.change({ userId: user.id, claimId: params.id }, body, null), {
        signedIn: true,
        params: claimIdParams,
        body: claimChangeBody,
      })
      .delete(
        '/reservations/:id',
        async ({ params, user }) => {
          await claims.undo({ userId: user.id, claimId: params.id }, null);
          return { message: 'Reservation undone.' };
        },
        { signedIn: true, params: claimIdParams },
      )
      .get('/wishlists/:id', ({ access }) => wishlists.get(access), { listEditor: true, params: idParams })
      .put('/wishlists/:id', ({ access, body }) => wishlists.update(access, body), { listEditor: true, params: idParams, body: wishlistBody })
      .delete(
        '/wishlists/:id',
        async ({ access }) => {
          await wishlists.remove(access);
          return { message: 'Wishlist deleted!' };
        },
        { listOwner: true, params: idParams },
      )
      .post('/wishlists/:id/share', ({ access, body, http }) => shareMail.share(access, body, http), {
        listEditor: true,
        params: idParams,
        body: shareByEmailBody,
      })
      .post('/wishlists/:id/editors', ({ access, body, http }) => invitations.invite(access, body.email, http), {
        listOwnerInSession: true,
        params: idParams,
        body: addEditorBody,
      })
      .get('/wishlists/:id/invitations', ({ access }) => invitations.pending(access), { listOwner: true, params: idParams })
      .delete('/wishlists/:id/invitations/:invitationId', ({ access, params }) => invitations.withdraw(access, params.invitationId), {
        listOwner: true,
        params: invitationParams,
      })
      .get('/invitations/:token', ({ params }) => invitations.preview(params.token), { publicRoute: true, params: tokenParams })
      .post('/invitations/:token/accept', ({ params, user }) => invitations.accept(params.token, user), { signedIn: true, params: tokenParams })
      .delete('/wishlists/:id/editors/:editorId', ({ access, params }) => wishlists.removeEditor(access, params.editorId), {
        listOwner: true,
        params: editorParams,
      })
      .post('/wishlists/:id/items', ({ access, body, http }) => items.add(access, body, http.language), { listEditor: true, params: idParams, body: itemBody })
      .post('/wishlists/:id/items/bulk', ({ access, body, http }) => items.addMany(access, body.items, http.language), {
        listEditor: true,
        params: idParams,
        body: bulkItemsBody,
      })
      .put(
        '/wishlists/:id/items/order',
        async ({ access, body }) => {
          await items.reorder(access, body.itemIds);
          return { message: 'Order saved.' };
        },
        { listEditor: true, params: idParams, body: itemOrderBody },
      )
      .put('/wishlists/:id/items/:itemId', ({ access, params, body, http }) => items.update(access, params.itemId, body, http.language), {
        listEditor: true,
        params: itemParams,
        body: itemBody,
      })
      .delete(
        '/wishlists/:id/items/:itemId',
        async ({ access, params }) => {
          await items.remove(access, params.itemId);
          return { message: 'Item deleted!' };
        },
        { listEditor: true, params: itemParams },
      )
      .put('/wishlists/:id/items/:itemId/unpurchase', ({ access, params, http }) => claims.relist(access, params.itemId, http), {
        listEditor: true,
        params: itemParams,
      })
  );
}

/** The hook POST /users/login and /users/register call with `claimListId` (see ClaimGuestList). */
export function guestListClaimer(wishlists: WishlistService): ClaimGuestList {
  return async (userId, listId, http) => {
    if (await wishlists.claimGuestList(listId, userId, capabilitiesOf(http.cookies))) http.clearCookie(capabilityCookieName(listId));
  };
}
