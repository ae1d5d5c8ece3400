import { and, asc, countDistinct, desc, gt, inArray, sql } from 'drizzle-orm';
import type { LogPage, PagedQuery } from '@wishwell/shared/admin-types';
import { REPORT_CURRENCY, type CurrencyTotal } from '@wishwell/shared/referral-types';
import { readPage, textFilter } from '../../db/paging';
import type { DataStore } from '../../db/store';

/** One shop domain's items: how many, and their value in each currency its priced items use. */
export interface ShopReport {
  domain: string;
  itemCount: number;
  totals: CurrencyTotal[];
}

/**
 * One page of shop domains (matching `q`), most items first, then the most GBP value, read from
 * shop_totals: database triggers keep it in step with items (by items.shop_domain and
 * items.price_minor, set on every save) in the transaction that writes them, so a page costs the
 * same however many items there are. Items without an http(s) link have no domain and are left out.
 */
export async function shopTotalsPage(store: DataStore, query: PagedQuery): Promise<LogPage<ShopReport>> {
  const { shopTotals: totals } = store.tables;
  const where = and(gt(totals.itemCount, 0), ...textFilter(store.dialect, [totals.shopDomain], query.q));
  const itemCount = sql<number>`sum(${totals.itemCount})`.mapWith(Number);
  const reportValue = sql`sum(CASE WHEN ${totals.currency} = ${REPORT_CURRENCY} THEN ${totals.totalMinor} ELSE 0 END)`;
  return readPage(
    query,
    async (window) => {
      const shops = await store.db
        .select({ domain: totals.shopDomain, itemCount })
        .from(totals)
        .where(where)
        .groupBy(totals.shopDomain)
        .orderBy(desc(itemCount), desc(reportValue), asc(totals.shopDomain))
        .limit(window.pageSize)
        .offset(window.offset);
      if (shops.length === 0) return [];
      const priced = await store.db
        .select()
        .from(totals)
        .where(and(inArray(totals.shopDomain, shops.map((shop) => shop.domain)), gt(totals.pricedCount, 0)));
      return shops.map((shop) => ({
        ...shop,
        totals: priced.filter((row) => row.shopDomain === shop.domain).map((row) => ({ currency: row.currency, total: row.totalMinor / 100 })),
      }));
    },
    () => store.db.select({ total: countDistinct(totals.shopDomain) }).from(totals).where(where),
  );
}
