/**
 * Amounts as people type them in their own language: '12,50' is twelve fifty in German, French
 * and Spanish, '12.50' in English. The separators come from Intl, so a new language needs no rule
 * of its own. The answer is in minor units (see money.ts); the server is sent the canonical
 * spelling (fromMinorUnits), never the typed text.
 */
import { isoCodeOfToken } from './currency-tokens';

export interface NumberSeparators {
  decimal: string;
  group: string;
}

/** Regular spaces stand in for the no-break spaces French groups digits with (nobody types U+202F). */
const SPACES = /[\s\u00a0\u202f]+/g;

/** The separators `locale` writes numbers with: German { decimal: ',', group: '.' }, French { ',', ' ' }. */
export function numberSeparators(locale: string): NumberSeparators {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5);
  const part = (type: string, fallback: string) => parts.find((p) => p.type === type)?.value.replace(SPACES, ' ') ?? fallback;
  return { decimal: part('decimal', '.'), group: part('group', ',') };
}

/** The largest amount any field takes, 999,999,999.99: nine whole digits. */
export const MAX_AMOUNT_MINOR = 99_999_999_999;

export interface AmountRules {
  /** The currency the amount is in: its sign or code typed with the amount is understood ('£5' for GBP). */
  currency?: string;
  /** The largest amount allowed, in minor units (MAX_AMOUNT_MINOR unless less). */
  maxMinor?: number;
}

export type AmountReading =
  | { minor: number }
  /** Not an amount at all ('abc', '-5', '12,345,6'). */
  | { problem: 'invalid' }
  /** '1,250' where ',' is not this language's thousands separator: 1250, or 1.25 written with a stray zero? */
  | { problem: 'ambiguous'; whole: number; decimal: number }
  /** A currency sign or code typed with the amount that is not the amount's currency ('£5' for EUR): `meant` is the sign's. */
  | { problem: 'currency'; sign: string; meant: string; expected: string | null }
  /** More than the largest amount allowed. */
  | { problem: 'tooLarge'; maxMinor: number };

/** The number and the sign typed before or after it ('£5', '5 €', 'EUR 5'), or null when both sides have one. */
const WITH_SIGN = /^([^\d\s.,']*)\s*(.*?\d)\s*([^\d\s.,']*)$/u;

/** Digits grouped in threes ('1.234.567'): the group text's digits, or null when it is not grouped so. */
function ungroup(text: string, group: string): string | null {
  const groups = text.split(group);
  const wellFormed = /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((digits) => /^\d{3}$/.test(digits));
  return wellFormed ? groups.join('') : null;
}

function amount(whole: string, cents = ''): AmountReading {
  if (cents.length > 2) return { problem: 'invalid' };
  // Past 15 digits a Number loses units; such an amount is too large whatever it is exactly.
  return { minor: whole.length > 15 ? Number.MAX_SAFE_INTEGER : Number(whole) * 100 + Number(cents.padEnd(2, '0')) };
}

/** The ISO code a currency sign or code stands for ('£' GBP, 'eur' EUR, 'CA$' CAD), or null for none. */
function currencyOfSign(sign: string, expected: string | null, locale: string): string | null {
  // '$' alone is the dollar of whichever country's dollars the amount is in.
  if (expected && currencySigns(expected, locale).includes(sign)) return expected;
  return isoCodeOfToken(sign);
}

/** How `locale` and English write `currency`'s sign, in full and short ('CA$', '$'). */
function currencySigns(currency: string, locale: string): string[] {
  const sign = (language: string, display: 'symbol' | 'narrowSymbol') => {
    try {
      return new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: display }).formatToParts(1).find((p) => p.type === 'currency')?.value;
    } catch {
      return undefined; // not a currency Intl knows
    }
  };
  return [locale, 'en'].flatMap((language) => [sign(language, 'symbol'), sign(language, 'narrowSymbol')]).filter((each): each is string => Boolean(each));
}

/**
 * Reads `text` as an amount written the `locale` way. Unambiguous habits of other languages are
 * read too ('12.50' in German, '1,299.99' anywhere); a lone separator followed by three digits
 * that is not the language's thousands separator ('1.250' in French, '1,250' in German) is refused
 * as ambiguous rather than guessed. A sign or code of the amount's currency may stand before or
 * after it ('£5', '5 EUR'); another currency's is refused naming both.
 */
export function readAmount(text: string, locale: string, rules: AmountRules = {}): AmountReading {
  const typed = text.trim().replace(SPACES, ' ');
  const [, before = '', number = '', after = ''] = WITH_SIGN.exec(typed) ?? [];
  if (before && after) return { problem: 'invalid' };
  const sign = before || after;
  if (sign) {
    const expected = rules.currency?.toUpperCase() || null;
    const meant = currencyOfSign(sign, expected, locale);
    if (meant === null) return { problem: 'invalid' };
    if (meant !== expected) return { problem: 'currency', sign, meant, expected };
  }
  const reading = readNumber(sign ? number : typed, locale);
  const maxMinor = Math.min(rules.maxMinor ?? MAX_AMOUNT_MINOR, MAX_AMOUNT_MINOR);
  return 'minor' in reading && reading.minor > maxMinor ? { problem: 'tooLarge', maxMinor } : reading;
}

function readNumber(typed: string, locale: string): AmountReading {
  if (!/^\d[\d.,' ]*$/.test(typed) || !/\d$/.test(typed)) return { problem: 'invalid' };
  const separators = [...new Set(typed.replace(/\d/g, ''))];
  if (separators.length === 0) return amount(typed);
  if (separators.length > 2) return { problem: 'invalid' };
  const point = typed.at(typed.search(/\D\d*$/))!; // the last separator
  const head = typed.slice(0, typed.lastIndexOf(point));
  const tail = typed.slice(typed.lastIndexOf(point) + 1);
  if (separators.length === 2) {
    // Both kinds: the last one is the decimal point ('1.299,99', '1,299.99'), the other groups.
    const whole = ungroup(head, separators.find((s) => s !== point)!);
    return whole === null ? { problem: 'invalid' } : amount(whole, tail);
  }
  if (head.includes(point)) {
    const whole = ungroup(typed, point); // '1.234.567': only ever grouping
    return whole === null ? { problem: 'invalid' } : amount(whole);
  }
  if (point === ' ') return tail.length === 3 && head.length <= 3 ? amount(head + tail) : { problem: 'invalid' };
  if (tail.length <= 2) return amount(head, tail); // '12,50' and '12.50' mean the same in every language
  if (tail.length > 3 || head.length > 3) return { problem: 'invalid' };
  if (point === numberSeparators(locale).group) return amount(head + tail);
  return { problem: 'ambiguous', whole: Number(head + tail), decimal: Number(`${head}.${tail}`) };
}

/** An amount in minor units as `locale` writes it for people to read: 99999999999 -> '999,999,999.99' in English. */
export function amountForReading(minor: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/** An amount in minor units as `locale` writes it for an input field: 1250 -> '12,50' in German, no thousands separators. */
export function amountForInput(minor: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(minor / 100);
}
