import { useState } from 'react';
import { Button, Card, Icon, type IconName } from '@blueprintjs/core';
import { usePageTitle } from '../../app/use-page-title';
import { useDomainConfig } from '../../branding/DomainConfigProvider';
import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import { createGuestWishlist } from '../wishlists/guest-wishlists';
import { ListIllustration } from './ListIllustration';
import './landing.css';

interface Point {
  icon: IconName;
  title: string;
  text: string;
}

const STEPS: Point[] = [
  {
    icon: 'add-to-artifact',
    title: '1. Add anything',
    text: 'Paste a link from any online store and we fill in the title, price and picture, or add items by hand.',
  },
  {
    icon: 'share',
    title: '2. Share with one link',
    text: 'Send your list by e-mail, on WhatsApp or on social media. Guests need no account.',
  },
  {
    icon: 'gift-box',
    title: '3. Receive gifts',
    text: 'Guests mark what they bought, so nobody buys the same gift twice and your surprise is kept.',
  },
];

const REASONS: Point[] = [
  { icon: 'people', title: 'No account for guests', text: 'Friends and family open your link and mark a gift in two taps. Nothing to sign up for.' },
  { icon: 'eye-off', title: 'The surprise is kept', text: 'You never see who bought what unless you choose to look.' },
  { icon: 'globe', title: 'Any shop, one list', text: 'Big stores, small makers, a link or just an idea: everything lives on one list.' },
];

export function LandingPage() {
  const config = useDomainConfig();
  usePageTitle(null);
  const [creating, setCreating] = useState(false);
  // Loading until the page is left, so a second click cannot create a second list.
  const createList = () => {
    setCreating(true);
    void createGuestWishlist().then((left) => left || setCreating(false));
  };
  return (
    <div className="ww-landing">
      <section className="ww-hero">
        <div className="ww-hero-text">
          <h1 className="ww-hero-title">{config.landingPageHeadline || DEFAULT_BRANDING.landingPageHeadline}</h1>
          <p className="ww-hero-subtitle">{config.landingPageSubheadline || DEFAULT_BRANDING.landingPageSubheadline}</p>
          <Button size="large" className="ww-accent-button ww-hero-cta" loading={creating} onClick={createList}>
            Create a Wishlist for Free
          </Button>
          <p className="ww-hero-note">Free, no sign-up needed to start.</p>
        </div>
        <ListIllustration />
      </section>
      <section className="ww-how" aria-labelledby="how-it-works">
        <h2 id="how-it-works">How It Works</h2>
        <PointCards points={STEPS} />
      </section>
      <section className="ww-why" aria-labelledby="why-wishwell">
        <h2 id="why-wishwell">Why {config.companyName || DEFAULT_BRANDING.companyName}</h2>
        <PointCards points={REASONS} />
      </section>
    </div>
  );
}

function PointCards({ points }: { points: Point[] }) {
  return (
    <div className="ww-points">
      {points.map((point) => (
        <Card key={point.title} className="ww-point">
          <Icon icon={point.icon} size={28} className="ww-point-icon" />
          <h3>{point.title}</h3>
          <p>{point.text}</p>
        </Card>
      ))}
    </div>
  );
}
