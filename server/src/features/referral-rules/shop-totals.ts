import { count, desc, sql, type SQL } from 'drizzle-orm';
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

const text = (literal: string) => sql.raw(`'${literal}'`);

/**
 * Items per shop domain and currency, counted and summed by the database (one pass over the
 * items, whichever the engine). The domain is the link's host without `www.`, user info or port,
 * as the referral rules see it; items without an http(s) link are left out.
 */
export async function shopTotals(store: DataStore): Promise<ShopCurrencyTotal[]> {
  const { db, dialect } = store;
  const { items } = store.tables;
  const link = sql`lower(${items.url})`;
  const amount = dialect.plainNumber(sql`replace(trim(${items.price}), ',', '')`);
  const afterScheme = db
    .select({
      rest: sql<string>`substr(${link}, ${dialect.position(link, text('://'))} + 3)`.as('rest'),
      currency: items.currency,
      value: sql<number | null>`${amount} * ${items.quantity}`.as('value'),
    })
    .from(items)
    .where(sql`${link} LIKE 'http://%' OR ${link} LIKE 'https://%'`)
    .as('after_scheme');

  const firstOf = (target: SQL | unknown, marks: string[]) =>
    marks.map((mark) => dialect.position(sql`${target} || ${text(mark)}`, text(mark)) as SQL).reduce((a, b) => dialect.smaller(a, b));
  const authority = sql`substr(${afterScheme.rest}, 1, ${firstOf(afterScheme.rest, ['/', '?', '#'])} - 1)`;
  const hostAndPort = sql`substr(${authority}, ${dialect.position(authority, text('@'))} + 1)`;
  const hosts = db
    .select({
      host: sql<string>`substr(${hostAndPort}, 1, ${firstOf(hostAndPort, [':'])} - 1)`.as('host'),
      currency: afterScheme.currency,
      value: afterScheme.value,
    })
    .from(afterScheme)
    .as('hosts');

  const domain = sql<string>`CASE WHEN ${hosts.host} LIKE 'www.%' THEN substr(${hosts.host}, 5) ELSE ${hosts.host} END`;
  const rows = await db
    .select({
      domain: domain.as('domain'),
      currency: hosts.currency,
      itemCount: count(),
      pricedCount: count(hosts.value),
      total: sql<number>`coalesce(sum(${hosts.value}), 0)`.mapWith(Number),
    })
    .from(hosts)
    .where(sql`${hosts.host} <> ''`)
    .groupBy(domain, hosts.currency)
    .orderBy(desc(count()));
  return rows.map((row) => ({ ...row, itemCount: Number(row.itemCount), pricedCount: Number(row.pricedCount) }));
}
