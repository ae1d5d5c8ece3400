import { and, asc, countDistinct, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { LogPage, PagedQuery } from '@wishwell/shared/admin-types';
import { REPORT_CURRENCY, type CurrencyTotal } from '@wishwell/shared/referral-types';
import { readPage, textFilter, type PageWindow } from '../../db/paging';
import type { DataStore, Row } from '../../db/store';

export type ReferralRuleRow = Row<'referralRules'>;
type ReferralRuleValues = Omit<ReferralRuleRow, 'id' | 'createdAt' | 'updatedAt'>;

/** One shop domain's items: how many, and their value in each currency its priced items use. */
export interface ShopReport {
  domain: string;
  itemCount: number;
  totals: CurrencyTotal[];
}

/** Every read and write of referral rules, and the shops' totals they are weighed against; the rules' checks and cache are the service's. */
export class ReferralRuleQueries {
  constructor(private readonly store: DataStore) {}

  private get table() {
    return this.store.tables.referralRules;
  }

  /** Every rule, in the order they apply (creation). */
  all(): Promise<ReferralRuleRow[]> {
    return this.store.db.select().from(this.table).orderBy(asc(this.table.createdAt), asc(this.table.id));
  }

  async insert(id: string, values: ReferralRuleValues, now: Date): Promise<ReferralRuleRow> {
    return (await this.store.db.insert(this.table).values({ id, ...values, createdAt: now, updatedAt: now }).returning())[0]!;
  }

  async update(id: string, values: ReferralRuleValues, now: Date): Promise<ReferralRuleRow | undefined> {
    return (await this.store.db.update(this.table).set({ ...values, updatedAt: now }).where(eq(this.table.id, id)).returning())[0];
  }

  /** Whether a rule of that id was there to delete. */
  async delete(id: string): Promise<boolean> {
    return (await this.store.db.delete(this.table).where(eq(this.table.id, id)).returning({ id: this.table.id })).length > 0;
  }

  /**
   * One page of shop domains (matching `q`), most items first, then the most GBP value, read from
   * shop_totals: database triggers keep it in step with items (by items.shop_domain and
   * items.price_minor, set on every save) in the transaction that writes them, so a page costs the
   * same however many items there are. Items without an http(s) link have no domain and are left out.
   */
  shopTotalsPage(query: PagedQuery): Promise<LogPage<ShopReport>> {
    const { shopTotals: totals } = this.store.tables;
    const where = and(gt(totals.itemCount, 0), ...textFilter(this.store.dialect, [totals.shopDomain], query.q));
    return readPage(
      query,
      (window) => this.shopReports(where, window),
      () => this.store.db.select({ total: countDistinct(totals.shopDomain) }).from(totals).where(where),
    );
  }

  private async shopReports(where: SQL | undefined, window: PageWindow): Promise<ShopReport[]> {
    const { shopTotals: totals } = this.store.tables;
    const itemCount = sql<number>`sum(${totals.itemCount})`.mapWith(Number);
    const reportValue = sql`sum(CASE WHEN ${totals.currency} = ${REPORT_CURRENCY} THEN ${totals.totalMinor} ELSE 0 END)`;
    const shops = await this.store.db
      .select({ domain: totals.shopDomain, itemCount })
      .from(totals)
      .where(where)
      .groupBy(totals.shopDomain)
      .orderBy(desc(itemCount), desc(reportValue), asc(totals.shopDomain))
      .limit(window.pageSize)
      .offset(window.offset);
    if (shops.length === 0) return [];
    const priced = await this.store.db
      .select()
      .from(totals)
      .where(and(inArray(totals.shopDomain, shops.map((shop) => shop.domain)), gt(totals.pricedCount, 0)));
    return shops.map((shop) => ({
      ...shop,
      totals: priced.filter((row) => row.shopDomain === shop.domain).map((row) => ({ currency: row.currency, total: row.totalMinor / 100 })),
    }));
  }
}
