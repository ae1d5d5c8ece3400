import type { ReactNode } from 'react';
import { BANNER_HEIGHT_PX } from '@wishwell/shared/constants';
import './list-theme.css';

/** The 250px cover banner of the owner page and the guest view, title over the image. */
export function CoverBanner({ image, title, subtitle, children }: { image: string; title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <header className="ww-cover-banner" style={{ height: BANNER_HEIGHT_PX, backgroundImage: `url("${encodeURI(image)}")` }}>
      <div className="ww-cover-banner-shade">
        <h1 className="ww-cover-banner-title">{title}</h1>
        {subtitle && <div className="ww-cover-banner-subtitle">{subtitle}</div>}
        {children && <div className="ww-cover-banner-actions">{children}</div>}
      </div>
    </header>
  );
}
