import { sql } from 'drizzle-orm';
import { toMinorUnits } from '@wishwell/shared/money';
import { shopDomainOf } from '@wishwell/shared/referral';
import type { DataStore } from '@wishwell/server/db/store';
import { visitorProfileRow } from '@wishwell/server/db/visitor-profile';
import { newId, newTimeOrderedId } from '@wishwell/server/ids';

/**
 * Seeding for `bun run bench:admin` only: an operator's large instance, written through the data
 * store in transactions of multi-row inserts (the visitor log: SQL that makes its own rows).
 * `scale` 1 is the issue's size.
 */
export interface AdminSeedSizes {
  users: number;
  listsPerUser: number;
  itemsPerList: number;
  visitorLogs: number;
  scrapeLogs: number;
}

export const ISSUE_SIZES: AdminSeedSizes = { users: 50_000, listsPerUser: 2, itemsPerList: 10, visitorLogs: 1_000_000, scrapeLogs: 200_000 };

const ROWS_PER_INSERT = 500;
const ROWS_PER_TRANSACTION = 20_000;
const DAY_MS = 86_400_000;
/**
 * The visits span the kept window (VISITOR_LOG_DAYS, 90 by default), as on a running instance that
 * prunes as it goes: seeded over longer, the server's first prune would delete a quarter of the log
 * while the bench times /stats, and time the prune instead.
 */
const VISIT_DAYS = 89;
const SHOPS = 400;
const CITIES = [['London', 'United Kingdom'], ['Manchester', 'United Kingdom'], ['Paris', 'France'], ['Berlin', 'Germany'], ['', 'United States']] as const;

/** Inserts `count` rows made by `row(i)`, in transactions of multi-row inserts. */
async function insertMany<T extends Record<string, unknown>>(store: DataStore, table: Parameters<DataStore['db']['insert']>[0], count: number, row: (i: number) => T): Promise<void> {
  for (let start = 0; start < count; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(count, start + ROWS_PER_TRANSACTION);
    await store.transaction(async (tx) => {
      for (let at = start; at < end; at += ROWS_PER_INSERT) {
        await tx.insert(table).values(Array.from({ length: Math.min(ROWS_PER_INSERT, end - at) }, (_, k) => row(at + k)) as never);
      }
    });
  }
}

/** The one view of a rare browser from a rare place among the bench's visits (the rare-term searches look for it). */
export const RARE_VISIT = { domain: 'gifts.example.com', city: 'Reykjavík', country: 'Iceland', userAgent: 'RareBrowser/1.0 (bench)', ipAddress: '203.0.113.77' };

/**
 * The visitor log as the server writes it: 400 profiles (2 domains x 5 places x 40 browsers),
 * `count` views over VISIT_DAYS days, each from its own address (the worst case for Unique Visitors),
 * plus RARE_VISIT. The rows come from one INSERT ... SELECT over a recursive counter per table
 * (SQLite), not from JavaScript: a million rows in seconds instead of minutes.
 */
async function seedVisitorLog(store: DataStore, count: number, now: number): Promise<void> {
  if (store.engine !== 'sqlite') throw new Error('bench:admin seeds its visitor log on SQLite only');
  const { visitorProfiles } = store.tables;
  const profiles = Array.from({ length: 400 }, (_, i) => {
    const [city, country] = CITIES[Math.floor(i / 40) % CITIES.length]!;
    return visitorProfileRow({ domain: i < 200 ? 'gifts.example.com' : 'wishes.example.com', city, country, userAgent: `Mozilla/5.0 (bench ${i % 40})` });
  });
  const rare = visitorProfileRow(RARE_VISIT);
  await store.db.insert(visitorProfiles).values([...profiles, rare]);
  const profileIds = sql.join(profiles.map((profile, k) => sql`(${k}, ${profile.id})`), sql`, `);
  await store.transaction(async (tx) => {
    await tx.run(sql`
      WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${count - 1}),
      p(k, id) AS (VALUES ${profileIds})
      INSERT INTO visitor_logs (id, created_at, profile_id, ip_address)
      SELECT printf('%016x', i) || lower(hex(randomblob(8))), CAST(${now} - i * ${VISIT_DAYS * DAY_MS} / ${count} AS INTEGER), p.id,
        '81.' || ((i >> 16) & 255) || '.' || ((i >> 8) & 255) || '.' || (i & 255)
      FROM n JOIN p ON p.k = i % ${profiles.length}`);
    await tx.insert(store.tables.visitorLogs).values({ id: newTimeOrderedId(), createdAt: new Date(now - 30 * DAY_MS), profileId: rare.id, ipAddress: RARE_VISIT.ipAddress });
    await tx.run(sql`INSERT INTO visitor_addresses (ip_address, last_seen_at) SELECT ip_address, max(created_at) FROM visitor_logs GROUP BY ip_address`);
  });
}

/** Seeds the instance and answers the admin's id (the first user). */
export async function seedAdminBench(store: DataStore, sizes: AdminSeedSizes, log: (line: string) => void): Promise<string> {
  const { users, wishlists, items, scrapeLogs } = store.tables;
  const now = Date.now();
  const userIds = Array.from({ length: sizes.users }, () => newId());
  await insertMany(store, users, sizes.users, (i) => ({
    id: userIds[i]!,
    name: `Person ${i}`,
    email: `person.${i}@example.com`,
    passwordHash: '!',
    isAdmin: i === 0,
    registeredOnDomain: i % 3 === 0 ? 'gifts.example.com' : 'localhost',
    createdAt: new Date(now - (sizes.users - i) * 60_000),
    updatedAt: new Date(now),
  }));
  log(`${sizes.users.toLocaleString('en')} users`);
  const listCount = sizes.users * sizes.listsPerUser;
  const listIds = Array.from({ length: listCount }, () => newId());
  await insertMany(store, wishlists, listCount, (i) => ({
    id: listIds[i]!,
    name: `Wishlist ${i}`,
    ownerId: i % 10 === 9 ? null : userIds[i % sizes.users]!,
    isDisabled: i % 50 === 0,
    createdAt: new Date(now - (listCount - i) * 1000),
    updatedAt: new Date(now),
  }));
  log(`${listCount.toLocaleString('en')} lists`);
  const itemCount = listCount * sizes.itemsPerList;
  await insertMany(store, items, itemCount, (i) => {
    const url = i % 20 === 0 ? '' : `https://www.shop-${(i * 7919) % SHOPS}.example.com/p/${i}`;
    const price = i % 11 === 0 ? 'Price not found' : (5 + ((i * 7) % 95)).toFixed(2);
    return {
    id: newId(),
    wishlistId: listIds[Math.floor(i / sizes.itemsPerList)]!,
    title: `Gift ${i}`,
    url,
    shopDomain: shopDomainOf(url),
    quantity: 1 + (i % 3),
    price,
    priceMinor: toMinorUnits(price),
    currency: i % 10 === 0 ? 'EUR' : i % 10 === 1 ? 'USD' : 'GBP',
    referralProgram: i % 4 === 0 ? 'Amazon UK' : null,
    // No shop image: settled, as the server writes such an item (the copy job never looks at it).
    imageCheckedAt: new Date(now - (itemCount - i) * 100),
    createdAt: new Date(now - (itemCount - i) * 100),
    updatedAt: new Date(now),
    };
  });
  log(`${itemCount.toLocaleString('en')} items`);
  await seedVisitorLog(store, sizes.visitorLogs, now);
  log(`${sizes.visitorLogs.toLocaleString('en')} visitor log rows (over ${VISIT_DAYS} days) and their addresses`);
  await insertMany(store, scrapeLogs, sizes.scrapeLogs, (i) => ({
    id: newId(),
    createdAt: new Date(now - Math.floor((i / sizes.scrapeLogs) * 90 * DAY_MS)),
    sourceUrl: `https://www.shop-${i % SHOPS}.example.com/p/${i}`,
    success: i % 9 !== 0,
    durationMs: 200 + (i % 1800),
    strategy: i % 2 === 0 ? 'cheerio' : 'chromium',
    requestedById: userIds[i % sizes.users]!,
    ipAddress: '203.0.113.7',
    error: i % 9 === 0 ? 'The shop answered 503.' : null,
  }));
  log(`${sizes.scrapeLogs.toLocaleString('en')} scrape log rows`);
  return userIds[0]!;
}
