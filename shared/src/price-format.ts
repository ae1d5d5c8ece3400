/**
 * Price display (spec section 9): prices are text with a currency code. GBP by default,
 * '$' for USD, CAD, AUD and NZD, any other currency through Intl.
 */

const DOLLAR_CURRENCIES = new Set(['USD', 'CAD', 'AUD', 'NZD']);
export const DEFAULT_CURRENCY = 'GBP';

/** The numeric value of a price text ("£1,299.50" -> 1299.5), or null when it holds no number. */
export function priceValue(price: string): number | null {
  const match = price.replace(/,/g, '').match(/\d+(?:\.\d+)?/);
  if (!match) return null;
  const value = Number(match[0]);
  return Number.isFinite(value) ? value : null;
}

/** The locale numbers are written in for a language code: en-GB for English (and for none). */
export function numberLocale(language?: string): string {
  return !language || language.startsWith('en') ? 'en-GB' : language;
}

/**
 * Formatters by locale and options, made once: making one (what toLocaleString does on every call)
 * costs far more than formatting.
 */
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, currency?: string): Intl.NumberFormat {
  const key = `${locale}|${currency ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    const options: Intl.NumberFormatOptions = currency ? { style: 'currency', currency } : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
    formatters.set(key, (made = new Intl.NumberFormat(locale, options)));
  }
  return made;
}

const counts = new Map<string, Intl.NumberFormat>();
/** A whole count as `language` writes it ("1,234" in English, "1.234" in German), its formatter made once. */
export function formatCount(value: number, language?: string): string {
  const locale = numberLocale(language);
  let made = counts.get(locale);
  if (!made) counts.set(locale, (made = new Intl.NumberFormat(locale)));
  return made.format(value);
}

/**
 * "1,299.50", as Intl writes it in en-GB (halves rounded up), without Intl: the first formatter a
 * page makes costs a slow phone tens of milliseconds, in the middle of hydrating the share page.
 * Null for amounts it does not cover (exponent notation, beyond exact integers).
 */
function englishAmount(value: number): string | null {
  const cents = Math.round(Number(`${value}e2`));
  if (!Number.isSafeInteger(cents)) return null;
  const whole = Math.floor(cents / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * "24.99" + "USD" -> "$24.99". Text without a number (e.g. 'Price not found') is shown as it is.
 * In English the spec's formats; in another `locale` (a language code) the way that language
 * writes amounts ("24,99 $" in German).
 */
export function formatPrice(price: string, currency?: string | null, locale?: string): string {
  const value = priceValue(price);
  if (value === null) return price.trim();
  const code = (currency || DEFAULT_CURRENCY).trim().toUpperCase();
  const written = numberLocale(locale);
  const amount = () => (written === 'en-GB' ? englishAmount(value) : null) ?? formatter(written).format(value);
  if (written === 'en-GB') {
    if (code === 'GBP') return `£${amount()}`;
    if (DOLLAR_CURRENCIES.has(code)) return `$${amount()}`;
  }
  try {
    return formatter(written, code).format(value);
  } catch {
    return `${code} ${amount()}`; // not an ISO 4217 code Intl knows
  }
}

/** '£120' rather than '£120.00', '120 €' rather than '120,00 €': whole amounts in short lines. */
export function withoutZeroCents(formatted: string): string {
  return formatted.replace(/[.,]00(?=\D*$)/, '');
}

const SLIDER_STEP = 50;
const SLIDER_DEFAULT_MAX = 100;

/** The guest price slider's top: the highest price rounded up to a multiple of 50, else 100. */
export function priceSliderMax(prices: readonly string[]): number {
  const highest = Math.max(0, ...prices.map((p) => priceValue(p) ?? 0));
  return highest > 0 ? Math.ceil(highest / SLIDER_STEP) * SLIDER_STEP : SLIDER_DEFAULT_MAX;
}
