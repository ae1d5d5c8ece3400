/**
 * The guest view's price filter and sort, per currency: $29.99 and £4.45 are never compared as
 * numbers. The slider works in one currency at a time; items in other currencies are left out
 * while the filter narrows the range (and counted, so the page can say so).
 */
import { DEFAULT_CURRENCY, priceSliderMax, priceValue } from './price-format';

export interface PricedItem {
  price: string;
  currency: string;
}

/** An item's currency code; items without one are in the list's currency. */
export function itemCurrency(item: PricedItem, listCurrency: string): string {
  return (item.currency || listCurrency || DEFAULT_CURRENCY).trim().toUpperCase();
}

/** The currencies of the priced items: the list's own first (the filter starts in it), then the most used. */
export function listCurrencies(items: readonly PricedItem[], listCurrency: string): string[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    if (priceValue(item.price) === null) continue;
    const code = itemCurrency(item, listCurrency);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  const own = listCurrency.toUpperCase();
  return [...counts.keys()].sort((a, b) => Number(b === own) - Number(a === own) || counts.get(b)! - counts.get(a)! || a.localeCompare(b));
}

export interface PriceFilter {
  currency: string;
  low: number;
  /** Infinity (or anything at the slider's top) means no upper limit. */
  high: number;
}

/** The slider's top for one currency: its highest price rounded up to a multiple of 50 (else 100). */
export function sliderMaxFor(items: readonly PricedItem[], currency: string, listCurrency: string): number {
  return priceSliderMax(items.filter((item) => itemCurrency(item, listCurrency) === currency).map((item) => item.price));
}

/** Whether the filter narrows anything: a range other than 0 to the top. */
export function filterIsActive(filter: PriceFilter, sliderMax: number): boolean {
  return filter.low > 0 || filter.high < sliderMax;
}

/**
 * The items the filter lets through, and how many priced items in other currencies it left out.
 * Unpriced items count as 0 in every currency.
 */
export function applyPriceFilter<T extends PricedItem>(items: readonly T[], filter: PriceFilter, listCurrency: string): { shown: T[]; otherCurrencies: number } {
  const sliderMax = sliderMaxFor(items, filter.currency, listCurrency);
  if (!filterIsActive(filter, sliderMax)) return { shown: [...items], otherCurrencies: 0 };
  let otherCurrencies = 0;
  const shown = items.filter((item) => {
    const value = priceValue(item.price);
    if (value !== null && itemCurrency(item, listCurrency) !== filter.currency) {
      otherCurrencies++;
      return false;
    }
    const amount = value ?? 0;
    return amount >= filter.low && (filter.high >= sliderMax || amount <= filter.high);
  });
  return { shown, otherCurrencies };
}

/** Cheapest first within each currency, currencies in `order`; unpriced items last. Stable. */
export function sortByPrice<T extends PricedItem>(items: readonly T[], order: readonly string[], listCurrency: string): T[] {
  const rank = (item: T) => {
    const value = priceValue(item.price);
    if (value === null) return [order.length + 1, 0] as const;
    const index = order.indexOf(itemCurrency(item, listCurrency));
    return [index === -1 ? order.length : index, value] as const;
  };
  return [...items].sort((a, b) => {
    const [ca, va] = rank(a);
    const [cb, vb] = rank(b);
    return ca - cb || va - vb;
  });
}
