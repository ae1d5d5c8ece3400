import { Icon } from '@blueprintjs/core';

/** An item's picture, or a gift icon when it has none (or the picture fails to load). */
export function ItemThumbnail({ imageUrl }: { imageUrl: string }) {
  return (
    <div className="ww-item-thumb">
      {imageUrl ? (
        <img src={imageUrl} alt="" loading="lazy" referrerPolicy="no-referrer" onError={(e) => (e.currentTarget.style.visibility = 'hidden')} />
      ) : (
        <Icon icon="gift-box" size={32} />
      )}
    </div>
  );
}
