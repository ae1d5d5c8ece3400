/** Wishlist display status (spec section 4): Deleted; else Disabled; else Expired when expiresAt is before now; else Active. */
export type WishlistDisplayStatus = 'Deleted' | 'Disabled' | 'Expired' | 'Active';

export function wishlistDisplayStatus(
  list: { isDeleted: boolean; isDisabled: boolean; expiresAt: string | null },
  now: Date = new Date(),
): WishlistDisplayStatus {
  if (list.isDeleted) return 'Deleted';
  if (list.isDisabled) return 'Disabled';
  if (list.expiresAt && new Date(list.expiresAt).getTime() < now.getTime()) return 'Expired';
  return 'Active';
}
