import { describe, expect, it } from 'vitest';
import { amountForInput, numberSeparators, readAmount } from '../src/money-input';

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
    for (const text of ['', 'abc', '-5', '€10', '12,345,6', '1.2345', '12 50', '1e3', '1234567890', '12,', ',5', '1.299.99,5,0'])
      expect(readAmount(text, 'de'), text).toEqual({ problem: 'invalid' });
  });

  it('writes an amount back for the field in the language, without grouping', () => {
    expect(amountForInput(123456, 'en')).toBe('1234.56');
    expect(amountForInput(1250, 'de')).toBe('12,50');
    expect(amountForInput(1250, 'fr')).toBe('12,50');
  });
});
