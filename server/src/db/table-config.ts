import { is } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig } from 'drizzle-orm/sqlite-core';
import type { StoreTable } from './store';

/** What both engines' table configs tell alike: foreign keys and composite primary keys. */
export type TableConfig = Pick<ReturnType<typeof sqliteTableConfig>, 'foreignKeys' | 'primaryKeys'>;

/** The table's foreign keys and composite primary keys, whichever engine's table it is. */
export function tableConfigOf(table: StoreTable): TableConfig {
  return is(table, PgTable) ? (pgTableConfig(table as unknown as PgTable) as unknown as TableConfig) : sqliteTableConfig(table);
}
