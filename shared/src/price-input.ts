/**
 * What the price field accepts: nothing, the scraper's 'Price not found', or a non-negative amount
 * with at most two decimals written the caller's way ('12,50' in German, '1,299.99' in English,
 * '£5' for an item in pounds; see money-input.ts). The form and the server read it with the same rules; what is stored and
 * sent on is the amount's canonical spelling ('12.50').
 */
import { fromMinorUnits } from './money';
import { readAmount, type AmountReading, type AmountRules } from './money-input';

export const PRICE_NOT_FOUND = 'Price not found';

/** A price as stored ('' for none, 'Price not found', or '1299.99'), or why the text is not one. */
export type PriceReading = { price: string } | Exclude<AmountReading, { minor: number }>;

export function readPrice(text: string, locale: string, rules: AmountRules = {}): PriceReading {
  const typed = text.trim();
  if (typed === '' || typed === PRICE_NOT_FOUND) return { price: typed };
  const reading = readAmount(typed, locale, rules);
  return 'minor' in reading ? { price: fromMinorUnits(reading.minor) } : reading;
}
