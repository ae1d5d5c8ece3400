import type { PricePoint } from './price-watch-types';
import { priceValue } from './price-format';

/** The price watch checks shop links (http and https) only. */
export const isShopLink = (url: string): boolean => /^https?:\/\//i.test(url);

/** A point of the history that read a number, with that number. */
export interface PricedPoint {
  checkedAt: string;
  value: number;
  currency: string;
}

/** The checks that read a price (a check of a page showing none is left out). */
export function pricedPoints(points: readonly PricePoint[]): PricedPoint[] {
  return points.flatMap((point) => {
    const value = priceValue(point.price);
    return value === null ? [] : [{ checkedAt: point.checkedAt, value, currency: point.currency }];
  });
}

/** Lowest, highest and latest of a history, or null when no check read a price. */
export function priceRange(points: readonly PricedPoint[]): { lowest: number; highest: number; now: number } | null {
  const last = points.at(-1);
  if (!last) return null;
  const values = points.map((point) => point.value);
  return { lowest: Math.min(...values), highest: Math.max(...values), now: last.value };
}
