import { useLayoutEffect, useRef, useState } from 'react';

interface Props {
  text: string;
  /** 3: an item's shop description; 5: a list's description above its gifts. */
  lines: 3 | 5;
  className: string;
  /** The toggle's words: 'more'/'less' under an item, 'Show more'/'Show less' under a list's description. */
  more: string;
  less: string;
}

/** A text cut after a few lines, with a toggle when there is more (and to fold it again). */
export function ClampedText({ text, lines, className, more, less }: Props) {
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
    <div className={className}>
      <p ref={ref} className={open ? undefined : `ww-clamp-${lines}`}>
        {text}
      </p>
      {(clipped || open) && (
        <button type="button" className="ww-link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? less : more}
        </button>
      )}
    </div>
  );
}
