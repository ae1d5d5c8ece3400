import { desc, gt } from 'drizzle-orm';
import type { DataStore } from '../../db/store';

/** Items of one shop domain priced in one currency. */
export interface ShopCurrencyTotal {
  domain: string;
  currency: string;
  itemCount: number;
  /** How many of them have a price (a plain amount). */
  pricedCount: number;
  /** Price × quantity over the priced items, in `currency` (major units). */
  total: number;
}

/**
 * Items per shop domain and currency, read from shop_totals: database triggers keep it in step
 * with items (by items.shop_domain and items.price_minor, set on every save) in the transaction
 * that writes them, so this reads a few hundred rows however many items there are. Items
 * without an http(s) link have no domain and are left out.
 */
export async function shopTotals(store: DataStore): Promise<ShopCurrencyTotal[]> {
  const { shopTotals: totals } = store.tables;
  const rows = await store.db.select().from(totals).where(gt(totals.itemCount, 0)).orderBy(desc(totals.itemCount));
  return rows.map((row) => ({
    domain: row.shopDomain,
    currency: row.currency,
    itemCount: row.itemCount,
    pricedCount: row.pricedCount,
    total: row.totalMinor / 100,
  }));
}
