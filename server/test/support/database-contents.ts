import { asc } from 'drizzle-orm';
import { SESSIONS_RETIRED_BELOW } from '../../src/auth/retired-sessions';
import type { DataStore } from '../../src/db/store';
import { tablesInForeignKeyOrder } from '../../src/features/backup/tables';

/** Every row of every table, in key order, as JSON-ready values (what "the same data" is checked against on either engine). */
export async function databaseContents(store: DataStore): Promise<Record<string, unknown[]>> {
  const contents: Record<string, unknown[]> = {};
  for (const table of tablesInForeignKeyOrder(store.tables)) {
    const columns = table.table as unknown as Record<string, import('drizzle-orm').Column>;
    const rows = await store.db.select().from(table.table).orderBy(...table.keyColumns.map((key) => asc(columns[key]!)));
    contents[table.name] = JSON.parse(JSON.stringify(rows));
  }
  // Not in backups (derived from items and uploads by triggers), so equal contents also prove a restore rebuilt them.
  const { shopTotals, uploadUsage } = store.tables;
  contents.shop_totals = await store.db.select().from(shopTotals).orderBy(asc(shopTotals.shopDomain), asc(shopTotals.currency));
  contents.upload_usage = await store.db.select().from(uploadUsage).orderBy(asc(uploadUsage.ownerKey));
  return contents;
}

/**
 * Every row of the database of a server's data dir, but the token versions (a restore or a
 * migration moves them on to retire old sessions) and the note of that: what a copied instance must equal.
 */
export async function copiedContents(server: { openStore(): Promise<DataStore> }): Promise<Record<string, unknown[]>> {
  const store = await server.openStore();
  try {
    const all = await databaseContents(store);
    all.users = all.users!.map((user) => ({ ...(user as object), tokenVersion: 'moved on' }));
    // …and notes that it did (auth/retired-sessions.ts).
    all.instance_settings = all.instance_settings!.filter((row) => (row as { name: string }).name !== SESSIONS_RETIRED_BELOW);
    return all;
  } finally {
    await store.close();
  }
}
