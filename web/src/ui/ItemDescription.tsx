import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';

/** The shop's description, three lines at most, with 'more' when there is more (and 'less' to fold it again). */
export function ItemDescription({ text }: { text: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [clipped, setClipped] = useState(false);
  // Measured again whenever the width changes (a turned phone, a resized window).
  useLayoutEffect(() => {
    const paragraph = ref.current;
    if (!paragraph || open) return;
    const measure = () => setClipped(paragraph.scrollHeight > paragraph.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(paragraph);
    return () => observer.disconnect();
  }, [text, open]);
  if (!text) return null;
  return (
    <div className="ww-item-description">
      <p ref={ref} className={open ? undefined : 'ww-clamp-3'}>
        {text}
      </p>
      {(clipped || open) && (
        <button type="button" className="ww-link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? t('item.less') : t('item.more')}
        </button>
      )}
    </div>
  );
}
