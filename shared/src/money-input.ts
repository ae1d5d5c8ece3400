/**
 * Amounts as people type them in their own language: '12,50' is twelve fifty in German, French
 * and Spanish, '12.50' in English. The separators come from Intl, so a new language needs no rule
 * of its own. The answer is in minor units (see money.ts); the server is sent the canonical
 * spelling (fromMinorUnits), never the typed text.
 */

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

export type AmountReading =
  | { minor: number }
  /** Not an amount at all ('abc', '-5', '12,345,6'). */
  | { problem: 'invalid' }
  /** '1,250' where ',' is not this language's thousands separator: 1250, or 1.25 written with a stray zero? */
  | { problem: 'ambiguous'; whole: number; decimal: number };

const MAX_WHOLE_DIGITS = 9;

/** Digits grouped in threes ('1.234.567'): the group text's digits, or null when it is not grouped so. */
function ungroup(text: string, group: string): string | null {
  const groups = text.split(group);
  const wellFormed = /^\d{1,3}$/.test(groups[0]!) && groups.slice(1).every((digits) => /^\d{3}$/.test(digits));
  return wellFormed ? groups.join('') : null;
}

function amount(whole: string, cents = ''): AmountReading {
  if (whole.length > MAX_WHOLE_DIGITS || cents.length > 2) return { problem: 'invalid' };
  return { minor: Number(whole) * 100 + Number(cents.padEnd(2, '0')) };
}

/**
 * Reads `text` as an amount written the `locale` way. Unambiguous habits of other languages are
 * read too ('12.50' in German, '1,299.99' anywhere); a lone separator followed by three digits
 * that is not the language's thousands separator ('1.250' in French, '1,250' in German) is refused
 * as ambiguous rather than guessed.
 */
export function readAmount(text: string, locale: string): AmountReading {
  const typed = text.trim().replace(SPACES, ' ');
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

/** An amount in minor units as `locale` writes it for an input field: 1250 -> '12,50' in German, no thousands separators. */
export function amountForInput(minor: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(minor / 100);
}
