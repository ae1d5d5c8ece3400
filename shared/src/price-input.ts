/**
 * What the price field accepts: nothing, the scraper's 'Price not found', or a non-negative amount
 * with at most two decimals ("12", "12.5", "1,299.99"). The form and the server share this rule;
 * the form states it through the catalogue (itemForm.priceRule).
 */
export const PRICE_NOT_FOUND = 'Price not found';

/** The rule as a pattern the server's request schema uses too (blank, 'Price not found' or an amount; spaces around allowed). */
export const PRICE_PATTERN = '^\\s*(Price not found|(\\d{1,3}(,\\d{3})+|\\d+)(\\.\\d{1,2})?)?\\s*$';
const PRICE = new RegExp(PRICE_PATTERN);

export function isValidPrice(price: string): boolean {
  return PRICE.test(price);
}
