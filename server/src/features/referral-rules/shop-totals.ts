import { count, desc, ne, sql } from 'drizzle-orm';
import type { DataStore } from '../../db/store';

/** Items of one shop domain priced in one currency. */
export interface ShopCurrencyTotal {
  domain: string;
  currency: string;
  itemCount: number;
  /** How many of them have a price (a plain amount). */
  pricedCount: number;
  /** Price × quantity over the priced items, in `currency`. */
  total: number;
}

/**
 * Items per shop domain and currency, counted and summed by the database from the index on
 * (shop_domain, currency, price, quantity) alone. The domain is items.shop_domain (set on every
 * save from the link, as the referral rules see it); items without an http(s) link have none
 * and are left out.
 */
export async function shopTotals(store: DataStore): Promise<ShopCurrencyTotal[]> {
  const { db, dialect } = store;
  const { items } = store.tables;
  const value = sql<number | null>`${dialect.plainNumber(sql`replace(trim(${items.price}), ',', '')`)} * ${items.quantity}`;
  const rows = await db
    .select({
      domain: items.shopDomain,
      currency: items.currency,
      itemCount: count(),
      pricedCount: count(value),
      total: sql<number>`coalesce(sum(${value}), 0)`.mapWith(Number),
    })
    .from(items)
    .where(ne(items.shopDomain, ''))
    .groupBy(items.shopDomain, items.currency)
    .orderBy(desc(count()));
  return rows.map((row) => ({ ...row, itemCount: Number(row.itemCount), pricedCount: Number(row.pricedCount) }));
}
