import { GUEST_LIST_DEFAULTS, GUEST_WISHLISTS_STORAGE_KEY } from '@wishwell/shared/constants';
import { ownerPath, type CreateGuestWishlistBody } from '@wishwell/shared/wishlist-types';
import { api } from '../../api/client';

/** The ids of guest lists this browser created (local storage `guestWishlists`). */
export function rememberedGuestWishlists(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(GUEST_WISHLISTS_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function holdsGuestWishlist(id: string): boolean {
  return rememberedGuestWishlists().includes(id);
}

function rememberGuestWishlist(id: string): void {
  const ids = rememberedGuestWishlists();
  if (!ids.includes(id)) localStorage.setItem(GUEST_WISHLISTS_STORAGE_KEY, JSON.stringify([...ids, id]));
}

/** After a sign-in or registration that claimed the list, it is the account's: forget it here. */
export function forgetGuestWishlist(id: string): void {
  const ids = rememberedGuestWishlists();
  if (ids.includes(id)) localStorage.setItem(GUEST_WISHLISTS_STORAGE_KEY, JSON.stringify(ids.filter((kept) => kept !== id)));
}

/**
 * The landing button (and a share to the app without a list): a guest list named `name` (the
 * default name in the visitor's language), remembered here, then a full page load of its page
 * (with `query`, e.g. a link to add).
 * Failures are only logged. Resolves whether the page is being left.
 */
export async function createGuestWishlist(name: string, query = ''): Promise<boolean> {
  try {
    const body: CreateGuestWishlistBody = { ...GUEST_LIST_DEFAULTS, name };
    const created = await api.post('/wishlists/guest', { body });
    rememberGuestWishlist(created._id);
    window.location.assign(ownerPath(created._id) + query);
    return true;
  } catch (error) {
    console.error('Could not create a guest wishlist', error);
    return false;
  }
}
