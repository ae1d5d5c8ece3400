import { useEffect, useRef, useState } from 'react';
import { Icon } from '@blueprintjs/core';
import { useTranslation } from '../i18n/react';

/** An item's picture (square, cover-fit), or the same gift placeholder when it has none or it fails to load. */
export function ItemThumbnail({ imageUrl }: { imageUrl: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const showImage = imageUrl !== '' && broken !== imageUrl;
  // A server-rendered picture can fail before the page hydrates, when no onError is listening yet.
  useEffect(() => {
    const shown = image.current;
    if (shown?.complete && shown.naturalWidth === 0) setBroken(imageUrl);
  }, [imageUrl]);
  return (
    <div className={showImage ? 'ww-item-thumb' : 'ww-item-thumb ww-item-thumb-placeholder'}>
      {showImage ? (
        <img ref={image} src={imageUrl} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setBroken(imageUrl)} />
      ) : (
        <Icon icon="gift-box" size={32} aria-label={t('item.noPicture')} />
      )}
    </div>
  );
}
