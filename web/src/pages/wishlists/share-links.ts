import { sharePath } from '@wishwell/shared/wishlist-types';
import { copyToClipboard } from '../../ui/clipboard';

export const shareUrl = (wishlistId: string) => window.location.origin + sharePath(wishlistId);

export function copyShareLink(wishlistId: string, copied: string, failed: string): Promise<void> {
  return copyToClipboard(shareUrl(wishlistId), copied, failed);
}

export function shareOnWhatsApp(wishlistName: string, wishlistId: string): void {
  const text = `${wishlistName}: ${shareUrl(wishlistId)}`;
  window.open(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener,noreferrer');
}
