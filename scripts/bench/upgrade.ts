// `bun run bench:upgrade`: what the first start of a new version costs an instance with many items
// whose migrations derive columns in code (items.shop_domain from the link, items.price_minor from
// the price, then the shop totals). Builds a database at the schema before the first of them,
// fills it with BENCH_UPGRADE_ITEMS items (default 1,000,000, in SQL), then applies each later
// migration on its own and prints its time. SQLite by default; BENCH_ENGINE=postgres for a
// throwaway PostgreSQL cluster. No target: it shows what a backfill's way of writing costs (one
// row per statement would make the shop_domain backfill alone take minutes per 1M items).
import { Database } from 'bun:sqlite';
import { SQL } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyPostgresMigrations, applySqliteMigrations } from '@wishwell/server/db/migrate';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS, type Migration } from '@wishwell/server/db/migrations/index';
import { startPostgresCluster } from '../postgres-cluster';

const ITEMS = Number(process.env.BENCH_UPGRADE_ITEMS ?? 1_000_000);
const FIRST_DERIVING = 'shop-domains-visitor-addresses';
const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** Items over 400 shops (every 20th without a link, every 11th without a plain price), all on one list. */
const itemsSql = (series: string, now: string) => `
  INSERT INTO items (id, wishlist_id, title, url, price, quantity, currency, created_at, updated_at)
  SELECT 'item-' || i, 'list', 'Gift ' || i,
    CASE WHEN i % 20 = 0 THEN '' ELSE 'https://www.shop-' || (i % 400) || '.example.com/p/' || i END,
    CASE WHEN i % 11 = 0 THEN 'Price not found' ELSE (5 + i % 95) || '.99' END,
    1 + i % 3, 'GBP', ${now}, ${now}
  FROM ${series}`;

/**
 * Applies the migrations before the first deriving one, seeds the items, then times
 * `apply(migrations up to and including each one)` for every later migration.
 */
async function timeEach(migrations: Migration[], seed: () => Promise<void> | void, apply: (upTo: Migration[]) => Promise<unknown> | unknown): Promise<void> {
  const first = migrations.findIndex((migration) => migration.name.endsWith(FIRST_DERIVING));
  await apply(migrations.slice(0, first));
  const seeding = performance.now();
  await seed();
  console.log(`seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s; the later migrations one by one:`);
  for (let at = first; at < migrations.length; at++) {
    const started = performance.now();
    await apply(migrations.slice(0, at + 1));
    console.log(`  ${migrations[at]!.name.padEnd(40)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
  }
}

console.log(`bench:upgrade on ${engine}, ${ITEMS.toLocaleString('en')} items`);
if (engine === 'sqlite') {
  const dir = mkdtempSync(join(tmpdir(), 'wishwell-upgrade-bench-'));
  const sqlite = new Database(join(dir, 'wishwell.db'), { create: true });
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON');
  const seed = () => {
    const now = Date.now();
    sqlite.run("INSERT INTO wishlists (id, name, created_at, updated_at) VALUES ('list', 'Big', ?, ?)", [now, now]);
    sqlite.run(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${ITEMS}) ${itemsSql('n', String(now))}`);
  };
  try {
    await timeEach(SQLITE_MIGRATIONS, seed, (upTo) => applySqliteMigrations(sqlite, upTo));
  } finally {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
} else {
  const cluster = startPostgresCluster();
  const client = new SQL(cluster.url, { max: 1 });
  const seed = async () => {
    await client`INSERT INTO wishlists (id, name, created_at, updated_at) VALUES ('list', 'Big', now(), now())`;
    await client.unsafe(itemsSql(`generate_series(1, ${ITEMS}) AS i`, 'now()'));
  };
  try {
    await timeEach(PG_MIGRATIONS, seed, (upTo) => applyPostgresMigrations(client, 'public', upTo));
  } finally {
    await client.close();
    cluster.stop();
  }
}
