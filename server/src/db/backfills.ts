import type { Database } from 'bun:sqlite';
import type { SQL } from 'bun';
import { shopDomainOf } from '@wishwell/shared/referral';

/**
 * What a migration's SQL cannot compute, filled in by code right after that migration's
 * statements, inside its transaction. Keyed by the migration's name without its number (so
 * renumbering on a rebase keeps the link).
 */
export interface Backfill {
  sqlite(db: Database): void;
  postgres(tx: SQL): Promise<void>;
}

const BATCH = 5_000;

/** items.shop_domain from each item's link, with the same helper the server uses on every save. */
const itemShopDomains: Backfill = {
  sqlite(db) {
    const read = db.query<{ rowid: number; url: string }, [number]>("SELECT rowid, url FROM items WHERE rowid > ? AND url <> '' ORDER BY rowid LIMIT " + BATCH);
    const write = db.query<unknown, [string, number]>('UPDATE items SET shop_domain = ? WHERE rowid = ?');
    for (let after = 0; ; ) {
      const rows = read.all(after);
      if (rows.length === 0) return;
      for (const { rowid, url } of rows) {
        const domain = shopDomainOf(url);
        if (domain) write.run(domain, rowid);
      }
      after = rows.at(-1)!.rowid;
    }
  },
  async postgres(tx) {
    for (let after = ''; ; ) {
      const rows = await tx<{ id: string; url: string }[]>`SELECT id, url FROM items WHERE id > ${after} AND url <> '' ORDER BY id LIMIT ${BATCH}`;
      if (rows.length === 0) return;
      const changed = rows.map(({ id, url }) => [id, shopDomainOf(url)] as const).filter(([, domain]) => domain);
      if (changed.length > 0) {
        const values = changed.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
        await tx.unsafe(`UPDATE items SET shop_domain = v.domain FROM (VALUES ${values}) AS v(id, domain) WHERE items.id = v.id`, changed.flat());
      }
      after = rows.at(-1)!.id;
    }
  },
};

const BACKFILLS: Record<string, Backfill> = { 'shop-domains-visitor-addresses': itemShopDomains };

/** The backfill that follows the migration of this name, if any. */
export function backfillAfter(migrationName: string): Backfill | undefined {
  return BACKFILLS[migrationName.replace(/^\d+_/, '')];
}

/** A row of a backup taken before a derived column existed gets it computed as the backfill would (restore). */
const DERIVED_COLUMNS: Record<string, (row: Record<string, unknown>) => void> = {
  items: (row) => {
    if (row.shopDomain === undefined && typeof row.url === 'string') row.shopDomain = shopDomainOf(row.url);
  },
};

export function addDerivedColumns(tableName: string, row: Record<string, unknown>): void {
  DERIVED_COLUMNS[tableName]?.(row);
}
