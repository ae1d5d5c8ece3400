import { describe, expect, it } from 'vitest';
import { currencyForCountry, currencyOfVisitor } from '../src/account-currency';

describe('a new account’s currency from the visitor’s languages', () => {
  it('is the currency most readers of the language pay in', () => {
    const cases: [string, string][] = [['de', 'EUR'], ['fr', 'EUR'], ['es', 'EUR'], ['it', 'EUR'], ['nl', 'EUR'], ['pl', 'PLN'], ['sv', 'SEK'], ['ja', 'JPY'], ['pt-BR', 'BRL']];
    for (const [language, currency] of cases) expect(currencyOfVisitor(language, []), language).toBe(currency);
  });

  it('follows the region the browser names in that language', () => {
    expect(currencyOfVisitor('en', ['en-US', 'en'])).toBe('USD');
    expect(currencyOfVisitor('en', ['en-GB'])).toBe('GBP');
    expect(currencyOfVisitor('en', ['en_AU'])).toBe('AUD');
    expect(currencyOfVisitor('de', ['de-CH', 'de'])).toBe('CHF');
    expect(currencyOfVisitor('pt-BR', ['pt-PT'])).toBe('EUR');
    // A region of another language than the one the site speaks says nothing.
    expect(currencyOfVisitor('de', ['en-US', 'de'])).toBe('EUR');
  });

  it('says nothing for English without a region: the instance default holds', () => {
    expect(currencyOfVisitor('en', [])).toBeNull();
    expect(currencyOfVisitor('en', ['en', 'de-DE'])).toBeNull();
  });
});

describe('currencyForCountry', () => {
  it('follows a country hint, however written', () => {
    for (const hint of ['US', 'usa', 'U.S.', 'United States', ' united states of america ']) expect(currencyForCountry(hint)).toBe('USD');
    for (const hint of ['CA', 'Canada']) expect(currencyForCountry(hint)).toBe('CAD');
    for (const hint of ['AU', 'Australia']) expect(currencyForCountry(hint)).toBe('AUD');
    for (const hint of ['NZ', 'new zealand']) expect(currencyForCountry(hint)).toBe('NZD');
    for (const hint of ['UK', 'GB', 'United Kingdom']) expect(currencyForCountry(hint)).toBe('GBP');
    for (const [hint, currency] of [['DE', 'EUR'], ['jp', 'JPY'], ['SE', 'SEK']]) expect(currencyForCountry(hint!)).toBe(currency);
  });

  it('names none for a hint it does not know, or none (the account keeps its currency)', () => {
    for (const hint of ['Cameroon', 'Atlantis', '']) expect(currencyForCountry(hint)).toBeNull();
  });
});
