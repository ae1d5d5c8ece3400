import type { ReactNode } from 'react';
import { BANNER_HEIGHT_PX } from '@wishwell/shared/constants';
import { useTranslation } from '../i18n/react';
import { ClampedText } from './ClampedText';
import { useEventLabel } from './dates';
import './list-theme.css';

interface Props {
  image: string;
  title: string;
  /** A line above the event day (the guest view names the list there). */
  overline?: string;
  list: { eventDate: string | null; isRecurring: boolean; description: string };
  /** Buttons shown on the banner. */
  children?: ReactNode;
}

/** The cover banner (250px, taller for a long name) of the owner page and the guest view; the description follows it, five lines until shown in full. */
export function CoverBanner({ image, title, overline, list, children }: Props) {
  const { t } = useTranslation();
  const event = useEventLabel(list);
  return (
    <>
      <header className="ww-cover-banner" style={{ minHeight: BANNER_HEIGHT_PX, backgroundImage: `url("${encodeURI(image)}")` }}>
        <div className="ww-cover-banner-shade">
          <h1 className="ww-cover-banner-title">
            {title}
          </h1>
          {overline && <div className="ww-cover-banner-line ww-cover-banner-overline">{overline}</div>}
          {event && <div className="ww-cover-banner-line">{event}</div>}
          {children && <div className="ww-cover-banner-actions">{children}</div>}
        </div>
      </header>
      <ClampedText text={list.description} lines={5} className="ww-list-description" more={t('share.showMore')} less={t('share.showLess')} />
    </>
  );
}
