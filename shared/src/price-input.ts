/**
 * What the price field accepts: nothing, the scraper's 'Price not found', or a non-negative amount
 * with at most two decimals written the caller's way ('12,50' in German, '1,299.99' in English;
 * see money-input.ts). The form and the server read it with the same rules; what is stored and
 * sent on is the amount's canonical spelling ('12.50').
 */
import { fromMinorUnits } from './money';
import { readAmount, type AmountReading } from './money-input';

export const PRICE_NOT_FOUND = 'Price not found';

/** What the server's request schema lets through to readPrice: blank, 'Price not found', or digits with separators. */
export const PRICE_TEXT_PATTERN = "^\\s*(Price not found|[\\d.,' \\u00a0\\u202f]*)\\s*$";

/** A price as stored ('' for none, 'Price not found', or '1299.99'), or why the text is not one. */
export type PriceReading = { price: string } | Exclude<AmountReading, { minor: number }>;

export function readPrice(text: string, locale: string): PriceReading {
  const typed = text.trim();
  if (typed === '' || typed === PRICE_NOT_FOUND) return { price: typed };
  const reading = readAmount(typed, locale);
  return 'minor' in reading ? { price: fromMinorUnits(reading.minor) } : reading;
}
