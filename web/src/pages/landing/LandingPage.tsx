import { useState } from 'react';
import { Button, Card, Icon, type IconName } from '@blueprintjs/core';
import type { TFunction } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { usePageTitle } from '../../app/use-page-title';
import { useDomainConfig } from '../../branding/DomainConfigProvider';
import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import { createGuestWishlist } from '../wishlists/guest-wishlists';
import { ListIllustration } from './ListIllustration';
import './landing.css';

/** A card: its icon, and its catalogue keys `landing.<key>Title` and `landing.<key>Text`. */
interface Point {
  icon: IconName;
  key: string;
}

const STEPS: Point[] = [
  { icon: 'add-to-artifact', key: 'stepAdd' },
  { icon: 'share', key: 'stepShare' },
  { icon: 'gift-box', key: 'stepReceive' },
];

const REASONS: Point[] = [
  { icon: 'people', key: 'reasonGuests' },
  { icon: 'eye-off', key: 'reasonSurprise' },
  { icon: 'globe', key: 'reasonShops' },
];

const DEFAULT_TEXT_KEYS = { landingPageHeadline: 'landing.defaultHeadline', landingPageSubheadline: 'landing.defaultSubheadline' } as const;

/** A domain's own headline as the operator wrote it; Wishwell's default one in the reader's language. */
function brandingText(text: string, field: keyof typeof DEFAULT_TEXT_KEYS, t: TFunction): string {
  return !text || text === DEFAULT_BRANDING[field] ? t(DEFAULT_TEXT_KEYS[field]) : text;
}

export function LandingPage() {
  const config = useDomainConfig();
  const { t } = useTranslation();
  usePageTitle(null);
  const [creating, setCreating] = useState(false);
  // Loading until the page is left, so a second click cannot create a second list.
  const createList = () => {
    setCreating(true);
    void createGuestWishlist(t('list.newName')).then((left) => left || setCreating(false));
  };
  return (
    <div className="ww-landing">
      <section className="ww-hero">
        <div className="ww-hero-text">
          <h1 className="ww-hero-title">{brandingText(config.landingPageHeadline, 'landingPageHeadline', t)}</h1>
          <p className="ww-hero-subtitle">{brandingText(config.landingPageSubheadline, 'landingPageSubheadline', t)}</p>
          <Button size="large" className="ww-accent-button ww-hero-cta" loading={creating} onClick={createList}>
            {t('landing.create')}
          </Button>
          <p className="ww-hero-note">{t('landing.note')}</p>
        </div>
        <ListIllustration />
      </section>
      <section className="ww-how" aria-labelledby="how-it-works">
        <h2 id="how-it-works">{t('landing.howItWorks')}</h2>
        <PointCards points={STEPS} />
      </section>
      <section className="ww-why" aria-labelledby="why-wishwell">
        <h2 id="why-wishwell">{t('landing.why', { company: config.companyName || DEFAULT_BRANDING.companyName })}</h2>
        <PointCards points={REASONS} />
      </section>
    </div>
  );
}

function PointCards({ points }: { points: Point[] }) {
  const { t } = useTranslation();
  return (
    <div className="ww-points">
      {points.map((point) => (
        <Card key={point.key} className="ww-point">
          <Icon icon={point.icon} size={28} className="ww-point-icon" />
          <h3>{t(`landing.${point.key}Title`)}</h3>
          <p>{t(`landing.${point.key}Text`)}</p>
        </Card>
      ))}
    </div>
  );
}
