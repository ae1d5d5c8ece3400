/**
 * Reads a price from the text a shop shows ("1.234,56 €", "US$12.99", "€ 97,39 - 128,72"):
 * the amount, the currency as written and as an ISO code, and whether it was a range.
 * Pure: used by the scraper on the server and available to the web app.
 */
import { ISO_CURRENCY_CODES, isoCodeOfToken, OTHER_CURRENCY_TOKENS, SAFE_CURRENCY_TOKENS } from './currency-tokens';

export interface ParsedPrice {
  /** Plain decimal text ("1234.56"), or null when the text holds no price. */
  amount: string | null;
  /** The digits as they stood in the text ("1.234,56"). */
  amountText: string | null;
  /** The currency as written ("€", "US$", "руб."), or null. */
  currencyToken: string | null;
  /** ISO 4217 code for the token, or null when unknown. */
  currency: string | null;
  /** A range like "97,39 - 128,72": the amount is the low end. */
  isRange: boolean;
}

export interface ParsePriceOptions {
  /** Nearby text that may name the currency (e.g. a priceCurrency attribute or a label). */
  currencyHint?: string | null;
  /** When the page states it: the decimal separator. */
  decimalSeparator?: '.' | ',';
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const byLengthDesc = (tokens: string[]) => [...tokens].sort((a, b) => b.length - a.length);
const LETTER_START = /^\p{L}/u;

/** A token made of letters must not sit inside a word ("Br" is not in "Brand"). */
function tokenPattern(token: string): string {
  const body = escape(token);
  const before = LETTER_START.test(token) ? '(?<!\\p{L})' : '';
  const after = /[A-Za-z]$/.test(token) ? '(?![A-Za-z])' : '';
  return `${before}${body}${after}`;
}

const alternation = (tokens: string[]) => new RegExp(byLengthDesc(tokens).map(tokenPattern).join('|'), 'u');

/** A dollar-style ISO code names the currency even beside a bare `$` ("SGD $12", "NZD$5"). */
const DOLLAR_CODE = new RegExp(`(?<!\\p{L})(?:${[...ISO_CURRENCY_CODES].filter((c) => c.endsWith('D')).join('|')})(?!\\p{L})`, 'u');
const SAFE_TOKEN = alternation(Object.keys(SAFE_CURRENCY_TOKENS));
const ISO_CODE = /(?<!\p{L})[A-Z]{3}(?!\p{L})/gu;
const OTHER_TOKEN = alternation(Object.keys(OTHER_CURRENCY_TOKENS));

function findIsoCode(text: string): string | null {
  for (const match of text.matchAll(ISO_CODE)) if (ISO_CURRENCY_CODES.has(match[0])) return match[0];
  return null;
}

/** The currency token of a price text: the text before the hint; in each, safe symbols before abbreviations. */
export function findCurrencyToken(text: string | null, hint?: string | null): string | null {
  const sources = [text, hint].filter((s): s is string => !!s);
  const finders: ((s: string) => string | null)[] = [
    (s) => DOLLAR_CODE.exec(s)?.[0] ?? null,
    (s) => SAFE_TOKEN.exec(s)?.[0] ?? null,
    (s) => findIsoCode(s),
    (s) => OTHER_TOKEN.exec(s)?.[0] ?? null,
  ];
  for (const source of sources) {
    for (const find of finders) {
      const token = find(source);
      if (token) return token;
    }
  }
  return null;
}

/** "1250€60": some shops put the euro sign where the decimal separator goes. */
const EURO_AS_SEPARATOR = /[\d\s.,]*?\d\s*?€\s*?\d\d(?!\d)/u;
/** The first number that is not a percentage (Swiss shops group thousands with '). */
const NUMBER = /(\.?\d(?:[\d\s.,]|'(?=\d{3}))*)\s*?(?:[^%\d]|$)/u;
const RANGE_AFTER = new RegExp(`^\\s*(?:${SAFE_TOKEN.source}|[A-Z]{3})?\\s*(?:-|–|—|~|to|bis|à)\\s*(?:${SAFE_TOKEN.source}|[A-Z]{3})?\\s*\\d`, 'u');

interface AmountMatch {
  text: string;
  end: number;
  euroSeparator: boolean;
}

function findAmountText(text: string): AmountMatch | null {
  if (text.split('€').length === 2) {
    const euro = EURO_AS_SEPARATOR.exec(text);
    if (euro) return { text: euro[0].replace(/\s/g, ''), end: euro.index + euro[0].length, euroSeparator: true };
  }
  const match = NUMBER.exec(text);
  if (!match) return null;
  let digits = match[1]!.replace(/[,.]+$/, '');
  digits = (digits.split('.').length === 2 ? digits : digits.replace(/^[,.]+/, '')).trim();
  return { text: digits, end: match.index + match[1]!.length, euroSeparator: false };
}

/** Which separator is decimal: the last one when 1-2 or 4+ digits follow it (3 digits mean thousands). */
function guessDecimalSeparator(compact: string): string | null {
  const match = /([.,€])(\d+)$/.exec(compact);
  if (!match) return null;
  const [, separator, tail] = match;
  if (tail!.length !== 3) return separator!;
  // "1,234.567" style: both separators present, the later one is decimal.
  const other = separator === '.' ? ',' : '.';
  if (compact.includes(other) && compact.lastIndexOf(other) < compact.lastIndexOf(separator!)) return separator!;
  return null;
}

function toDecimal(amountText: string, separator: string | null): string | null {
  let compact = amountText.replace(/[\s']/g, '');
  const sep = separator ?? guessDecimalSeparator(compact);
  if (sep === null) compact = compact.replace(/[.,]/g, '');
  else {
    const [whole, fraction] = [compact.slice(0, compact.lastIndexOf(sep)), compact.slice(compact.lastIndexOf(sep) + 1)];
    compact = `${whole.replace(/[.,€]/g, '')}.${fraction}`;
  }
  if (!/^\d*\.?\d+$|^\d+\.$/.test(compact)) return null;
  const [whole = '', fraction = ''] = compact.split('.');
  const cleanWhole = whole.replace(/^0+(?=\d)/, '') || '0';
  return fraction ? `${cleanWhole}.${fraction}` : cleanWhole;
}

/** Price texts are short; longer input is cut so the number patterns stay fast on hostile pages. */
const MAX_TEXT_LENGTH = 300;

/** Parses a price text; never throws. */
export function parsePrice(text: string | null | undefined, options: ParsePriceOptions = {}): ParsedPrice {
  const source = (text ?? '').slice(0, MAX_TEXT_LENGTH).replace(/\u00a0|\u202f|\u2009/g, ' ');
  const hint = options.currencyHint?.slice(0, MAX_TEXT_LENGTH);
  const currencyToken = findCurrencyToken(source || null, hint)?.trim() ?? null;
  const currency = currencyToken ? isoCodeOfToken(currencyToken) : null;
  const found = source ? findAmountText(source) : null;
  if (!found) {
    const free = /\bfree\b/i.test(source);
    return { amount: free ? '0' : null, amountText: free ? '0' : null, currencyToken, currency, isRange: false };
  }
  const separator = found.euroSeparator ? '€' : (options.decimalSeparator ?? null);
  const amount = toDecimal(found.text, separator);
  const isRange = RANGE_AFTER.test(source.slice(found.end));
  return { amount, amountText: found.text, currencyToken, currency, isRange };
}

/** A price for display: two decimals unless the shop gave more ("29.9" -> "29.90"). */
export function formatAmount(amount: string): string {
  const [whole, fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}
