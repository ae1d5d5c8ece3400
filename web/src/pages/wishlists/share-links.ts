import { sharePath } from '@wishwell/shared/wishlist-types';
import { notify } from '../../notifications/notify';

export const shareUrl = (wishlistId: string) => window.location.origin + sharePath(wishlistId);

export async function copyShareLink(wishlistId: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(shareUrl(wishlistId));
    notify('Link copied to clipboard!', 'success');
  } catch {
    notify('An error occurred', 'error');
  }
}

export function shareOnWhatsApp(wishlistName: string, wishlistId: string): void {
  const text = `${wishlistName}: ${shareUrl(wishlistId)}`;
  window.open(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener,noreferrer');
}
