import type { Database } from 'bun:sqlite';
import type { SQL } from 'bun';
import { toMinorUnits } from '@wishwell/shared/money';
import { shopDomainOf } from '@wishwell/shared/referral';
import { hashSecret } from '../ids';
import { visitorProfileId, visitorProfileRow, type VisitorProfile } from './visitor-profile';

/**
 * What a migration's SQL cannot compute, filled in by code right after that migration's
 * statements (or at its `--> backfill` line, see migrate.ts), inside its transaction. Keyed by the migration's name without its number (so
 * renumbering on a rebase keeps the link).
 */
export interface Backfill {
  sqlite(db: Database): void;
  postgres(tx: SQL): Promise<void>;
}

const BATCH = 10_000;

/**
 * Sets an items column derived from another with the same pure helper the server uses on every
 * save, one UPDATE per batch of 10,000 items (rows whose value stays the column's default are
 * not written).
 */
function deriveItemColumn(source: 'url' | 'price', target: { name: string; pgType: string }, derive: (value: string) => string | number | null): Backfill {
  const changes = <K>(rows: { key: K; value: string }[]) =>
    rows.flatMap(({ key, value }) => {
      const derived = derive(value);
      return derived === null || derived === '' ? [] : [[key, derived] as const];
    });
  return {
    sqlite(db) {
      const read = db.query<{ key: number; value: string }, [number]>(`SELECT rowid AS key, ${source} AS value FROM items WHERE rowid > ? AND ${source} <> '' ORDER BY rowid LIMIT ${BATCH}`);
      for (let after = 0; ; ) {
        const rows = read.all(after);
        if (rows.length === 0) return;
        const changed = changes(rows);
        if (changed.length > 0) {
          const values = changed.map(() => '(?, ?)').join(', ');
          db.run(`UPDATE items SET ${target.name} = v.column2 FROM (VALUES ${values}) AS v WHERE items.rowid = v.column1`, changed.flat());
        }
        after = rows.at(-1)!.key;
      }
    },
    async postgres(tx) {
      for (let after = ''; ; ) {
        const rows = await tx.unsafe<{ key: string; value: string }[]>(`SELECT id AS key, ${source} AS value FROM items WHERE id > $1 AND ${source} <> '' ORDER BY id LIMIT ${BATCH}`, [after]);
        if (rows.length === 0) return;
        const changed = changes(rows);
        if (changed.length > 0) {
          const batch = JSON.stringify(changed.map(([id, value]) => ({ id, value })));
          await tx.unsafe(`UPDATE items SET ${target.name} = v.value FROM json_to_recordset($1::text::json) AS v(id text, value ${target.pgType}) WHERE items.id = v.id`, [batch]);
        }
        after = rows.at(-1)!.key;
      }
    },
  };
}

const DISTINCT_PROFILES = 'SELECT DISTINCT domain, city, country, user_agent AS "userAgent" FROM visitor_logs';

/** One visitor_profiles row per distinct (domain, city, country, user agent) of the log, with the writer's ids; the migration's SQL then points each log row at its profile. */
const visitorProfiles: Backfill = {
  sqlite(db) {
    const insert = db.query('INSERT INTO visitor_profiles (id, domain, city, country, user_agent) VALUES (?, ?, ?, ?, ?)');
    for (const profile of db.query<VisitorProfile, []>(DISTINCT_PROFILES).iterate()) {
      const row = visitorProfileRow(profile);
      insert.run(row.id, row.domain, row.city, row.country, row.userAgent);
    }
  },
  async postgres(tx) {
    const profiles = (await tx.unsafe<VisitorProfile[]>(DISTINCT_PROFILES)).map(visitorProfileRow);
    for (let at = 0; at < profiles.length; at += BATCH) {
      await tx.unsafe(
        'INSERT INTO visitor_profiles (id, domain, city, country, user_agent) SELECT id, domain, city, country, "userAgent" FROM json_to_recordset($1::text::json) AS v(id text, domain text, city text, country text, "userAgent" text)',
        [JSON.stringify(profiles.slice(at, at + BATCH))],
      );
    }
  },
};

/** Circles' join tokens, kept as they were until this migration, become their hashes (the links already handed out keep working). */
const circleTokenHashes: Backfill = {
  sqlite(db) {
    const update = db.query('UPDATE circles SET join_token_hash = ? WHERE id = ?');
    for (const row of db.query<{ id: string; token: string }, []>('SELECT id, join_token_hash AS token FROM circles').all()) update.run(hashSecret(row.token), row.id);
  },
  async postgres(tx) {
    const rows = await tx.unsafe<{ id: string; token: string }[]>('SELECT id, join_token_hash AS token FROM circles');
    if (rows.length === 0) return;
    const hashes = JSON.stringify(rows.map((row) => ({ id: row.id, hash: hashSecret(row.token) })));
    await tx.unsafe('UPDATE circles SET join_token_hash = v.hash FROM json_to_recordset($1::text::json) AS v(id text, hash text) WHERE circles.id = v.id', [hashes]);
  },
};

const BACKFILLS: Record<string, Backfill> = {
  'shop-domains-visitor-addresses': deriveItemColumn('url', { name: 'shop_domain', pgType: 'text' }, shopDomainOf),
  'shop-totals': deriveItemColumn('price', { name: 'price_minor', pgType: 'bigint' }, toMinorUnits),
  'visitor-profiles': visitorProfiles,
  'circle-token-hash': circleTokenHashes,
};

/** The backfill that follows the migration of this name, if any. */
export function backfillAfter(migrationName: string): Backfill | undefined {
  return BACKFILLS[migrationName.replace(/^\d+_/, '')];
}

/**
 * A place before every item added later, newer items first (as lists showed before the owner set
 * their order): minus the seconds since 1970, which a 32-bit integer holds until 2038; the next
 * item added goes after them all, and arranging the list numbers them afresh.
 */
function newestFirstPosition(createdAt: string): number {
  return -Math.floor(Date.parse(createdAt) / 1000);
}

/** A row of a backup taken before a derived column existed gets it computed as the backfill would (restore). */
const DERIVED_COLUMNS: Record<string, (row: Record<string, unknown>) => void> = {
  items: (row) => {
    if (row.shopDomain === undefined && typeof row.url === 'string') row.shopDomain = shopDomainOf(row.url);
    if (row.priceMinor === undefined && typeof row.price === 'string') row.priceMinor = toMinorUnits(row.price);
    if (row.position === undefined && typeof row.createdAt === 'string') row.position = newestFirstPosition(row.createdAt);
  },
  visitor_logs: (row) => {
    if (row.profileId === undefined) row.profileId = visitorProfileId(oldVisitorProfile(row));
  },
  // As the circle-token-hash backfill does: a link handed out before keeps working.
  circles: (row) => {
    if (row.joinTokenHash === undefined && typeof row.joinToken === 'string') row.joinTokenHash = hashSecret(row.joinToken);
    delete row.joinToken;
  },
  // As migration come-indexes does: a list with an event date is looked at by the next reminders run, which sets its window.
  wishlists: (row) => {
    if (row.remindersFrom === undefined) row.remindersFrom = row.eventDate ? new Date(0).toISOString() : null;
  },
};

/** The profile a visitor log row of a backup from before visitor_profiles carries in its own columns. */
export function oldVisitorProfile(row: Record<string, unknown>): VisitorProfile {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { domain: text(row.domain), city: text(row.city), country: text(row.country), userAgent: text(row.userAgent) };
}

export function addDerivedColumns(tableName: string, row: Record<string, unknown>): void {
  DERIVED_COLUMNS[tableName]?.(row);
}
