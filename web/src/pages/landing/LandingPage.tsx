import { useState } from 'react';
import { Button, Card, Icon, type IconName } from '@blueprintjs/core';
import { usePageTitle } from '../../app/use-page-title';
import { useDomainConfig } from '../../branding/DomainConfigProvider';
import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import { createGuestWishlist } from '../wishlists/guest-wishlists';

const STEPS: { icon: IconName; title: string; text: string }[] = [
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
        <h1 className="ww-hero-title">{config.landingPageHeadline || DEFAULT_BRANDING.landingPageHeadline}</h1>
        <p className="ww-hero-subtitle">{config.landingPageSubheadline || DEFAULT_BRANDING.landingPageSubheadline}</p>
        <Button size="large" className="ww-accent-button" loading={creating} onClick={createList}>
          Create a Wishlist for Free
        </Button>
      </section>
      <section className="ww-how" aria-labelledby="how-it-works">
        <h2 id="how-it-works">How It Works</h2>
        <div className="ww-how-steps">
          {STEPS.map((step) => (
            <Card key={step.title} className="ww-how-step">
              <Icon icon={step.icon} size={32} className="ww-how-icon" />
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
