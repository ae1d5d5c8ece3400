import { asc } from 'drizzle-orm';
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
  return contents;
}
