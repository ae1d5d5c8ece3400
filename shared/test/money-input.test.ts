import { describe, expect, it } from 'vitest';
import { amountForInput, amountForReading, MAX_AMOUNT_MINOR, numberSeparators, readAmount } from '../src/money-input';

describe('amounts typed the way each language writes numbers', () => {
  it('takes the separators from Intl', () => {
    expect(numberSeparators('en')).toEqual({ decimal: '.', group: ',' });
    expect(numberSeparators('de')).toEqual({ decimal: ',', group: '.' });
    expect(numberSeparators('fr')).toEqual({ decimal: ',', group: ' ' }); // a narrow no-break space, typed as a space
    expect(numberSeparators('es')).toEqual({ decimal: ',', group: '.' });
  });

  it('reads English as before: a dot for cents, commas between thousands', () => {
    expect(readAmount('12.50', 'en')).toEqual({ minor: 1250 });
    expect(readAmount('1,299.99', 'en')).toEqual({ minor: 129999 });
    expect(readAmount('1,250', 'en')).toEqual({ minor: 125000 });
    expect(readAmount(' 10 ', 'en')).toEqual({ minor: 1000 });
  });

  it('reads German and Spanish: a comma for cents, dots between thousands', () => {
    for (const locale of ['de', 'es']) {
      expect(readAmount('12,50', locale)).toEqual({ minor: 1250 });
      expect(readAmount('12,5', locale)).toEqual({ minor: 1250 });
      expect(readAmount('1.299,99', locale)).toEqual({ minor: 129999 });
      expect(readAmount('1.250', locale)).toEqual({ minor: 125000 });
      expect(readAmount('1.234.567', locale)).toEqual({ minor: 123456700 });
    }
  });

  it('reads French: a comma for cents, spaces (typed or no-break) between thousands', () => {
    expect(readAmount('12,50', 'fr')).toEqual({ minor: 1250 });
    expect(readAmount('1 250,50', 'fr')).toEqual({ minor: 125050 });
    expect(readAmount('1\u202f250', 'fr')).toEqual({ minor: 125000 });
  });

  it("reads another language's habit when it can only mean one thing", () => {
    expect(readAmount('12.50', 'de')).toEqual({ minor: 1250 }); // a dot before two digits groups nothing
    expect(readAmount('1,299.99', 'de')).toEqual({ minor: 129999 });
    expect(readAmount('12,50', 'en')).toEqual({ minor: 1250 });
  });

  it('refuses a lone separator before three digits that the language does not group with, naming both readings', () => {
    expect(readAmount('1,250', 'de')).toEqual({ problem: 'ambiguous', whole: 1250, decimal: 1.25 });
    expect(readAmount('1.250', 'fr')).toEqual({ problem: 'ambiguous', whole: 1250, decimal: 1.25 });
    expect(readAmount('1.250', 'en')).toEqual({ problem: 'ambiguous', whole: 1250, decimal: 1.25 });
  });

  it('refuses what is not an amount in any language', () => {
    for (const text of ['', 'abc', '-5', '12,345,6', '1.2345', '12 50', '1e3', '12,', ',5', '1.299.99,5,0', '12abc', '£5£', '€ 5 €', 'NaN'])
      expect(readAmount(text, 'de'), text).toEqual({ problem: 'invalid' });
  });

  it('writes an amount back for the field in the language, without grouping', () => {
    expect(amountForInput(123456, 'en')).toBe('1234.56');
    expect(amountForInput(1250, 'de')).toBe('12,50');
    expect(amountForInput(1250, 'fr')).toBe('12,50');
  });

  it('reads "12.345" the way each language groups, and asks where the language does not group with a dot', () => {
    for (const locale of ['de', 'es', 'it', 'nl', 'pt-BR']) expect(readAmount('12.345', locale), locale).toEqual({ minor: 1234500 });
    for (const locale of ['en', 'fr', 'pl', 'sv', 'ja']) expect(readAmount('12.345', locale), locale).toEqual({ problem: 'ambiguous', whole: 12345, decimal: 12.345 });
    for (const locale of ['en', 'ja']) expect(readAmount('12,345', locale), locale).toEqual({ minor: 1234500 });
    for (const locale of ['de', 'fr', 'es', 'it', 'nl', 'pl', 'pt-BR', 'sv']) expect(readAmount('12,345', locale), locale).toEqual({ problem: 'ambiguous', whole: 12345, decimal: 12.345 });
    // Polish and Swedish group with a space, as French does.
    for (const locale of ['fr', 'pl', 'sv']) expect(readAmount('12 345,50', locale), locale).toEqual({ minor: 1234550 });
  });

  it("understands the amount's own currency typed with it, before or after, as sign or code", () => {
    expect(readAmount('£5', 'en', { currency: 'GBP' })).toEqual({ minor: 500 });
    expect(readAmount('£ 5.50', 'en', { currency: 'gbp' })).toEqual({ minor: 550 });
    expect(readAmount('12,50 €', 'de', { currency: 'EUR' })).toEqual({ minor: 1250 });
    expect(readAmount('12,50\u00a0€', 'fr', { currency: 'EUR' })).toEqual({ minor: 1250 });
    expect(readAmount('EUR 1.250', 'es', { currency: 'EUR' })).toEqual({ minor: 125000 });
    expect(readAmount('20 usd', 'en', { currency: 'USD' })).toEqual({ minor: 2000 });
    expect(readAmount('$20', 'en', { currency: 'CAD' })).toEqual({ minor: 2000 }); // a dollar of the amount's country
    expect(readAmount('CA$20', 'en', { currency: 'CAD' })).toEqual({ minor: 2000 });
    expect(readAmount('199 kr', 'sv', { currency: 'SEK' })).toEqual({ minor: 19900 });
    expect(readAmount('¥1,500', 'ja', { currency: 'JPY' })).toEqual({ minor: 150000 });
    expect(readAmount('R$ 10,90', 'pt-BR', { currency: 'BRL' })).toEqual({ minor: 1090 });
    expect(readAmount('25 zł', 'pl', { currency: 'PLN' })).toEqual({ minor: 2500 });
  });

  it("refuses another currency's sign or code, naming the one typed and the amount's", () => {
    expect(readAmount('£5', 'en', { currency: 'EUR' })).toEqual({ problem: 'currency', sign: '£', meant: 'GBP', expected: 'EUR' });
    expect(readAmount('5 USD', 'de', { currency: 'EUR' })).toEqual({ problem: 'currency', sign: 'USD', meant: 'USD', expected: 'EUR' });
    expect(readAmount('€10', 'de')).toEqual({ problem: 'currency', sign: '€', meant: 'EUR', expected: null });
  });

  it('refuses more than the largest amount, saying which', () => {
    expect(readAmount('999999999.99', 'en')).toEqual({ minor: MAX_AMOUNT_MINOR });
    expect(readAmount('1000000000', 'en')).toEqual({ problem: 'tooLarge', maxMinor: MAX_AMOUNT_MINOR });
    expect(readAmount('1.000.000.000,00', 'de')).toEqual({ problem: 'tooLarge', maxMinor: MAX_AMOUNT_MINOR });
    expect(readAmount('99999999999999999999', 'en')).toEqual({ problem: 'tooLarge', maxMinor: MAX_AMOUNT_MINOR });
    expect(readAmount('20000000.01', 'en', { maxMinor: 2_000_000_000 })).toEqual({ problem: 'tooLarge', maxMinor: 2_000_000_000 });
    expect(amountForReading(MAX_AMOUNT_MINOR, 'en')).toBe('999,999,999.99');
    expect(amountForReading(MAX_AMOUNT_MINOR, 'de')).toBe('999.999.999,99');
  });
});
