import { describe, expect, it } from 'vitest';
import { currencyForCountry, looksLikeEmail, normalizeEmail } from '../src/account-types';

describe('currencyForCountry', () => {
  it('follows US, CA, AU and NZ hints, however written', () => {
    for (const hint of ['US', 'usa', 'U.S.', 'United States', ' united states of america ']) expect(currencyForCountry(hint)).toBe('USD');
    for (const hint of ['CA', 'Canada']) expect(currencyForCountry(hint)).toBe('CAD');
    for (const hint of ['AU', 'Australia']) expect(currencyForCountry(hint)).toBe('AUD');
    for (const hint of ['NZ', 'new zealand']) expect(currencyForCountry(hint)).toBe('NZD');
  });

  it('is GBP for the UK, anything else and nothing', () => {
    for (const hint of ['UK', 'United Kingdom', 'France', 'Cameroon', 'Austria', '']) expect(currencyForCountry(hint)).toBe('GBP');
  });
});

describe('e-mail addresses', () => {
  it('are trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ann.Smith@Example.COM ')).toBe('ann.smith@example.com');
  });

  it('need one @ and a dot in the domain, without spaces', () => {
    expect(looksLikeEmail('ann@example.com')).toBe(true);
    for (const bad of ['ann', 'ann@example', 'ann @example.com', '@example.com', 'ann@@example.com']) expect(looksLikeEmail(bad)).toBe(false);
  });
});
