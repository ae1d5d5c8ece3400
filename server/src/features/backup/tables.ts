import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { addDerivedColumns } from '../../db/backfills';
import { derivedTableNames } from '../../db/model';
import type { Tables } from '../../db/store';

/** One table of the backup: its SQL name, its Drizzle object and the columns that hold dates. */
export interface BackupTable {
  name: string;
  /** Typed as SQLite's, like every table of the store (see the PostgreSQL store). */
  table: SQLiteTable;
  dateColumns: string[];
  /** Property names of the primary key columns (rows are read in this order). */
  keyColumns: string[];
}

/**
 * Every table but the derived ones (rebuilt by the database as a restore inserts their sources),
 * parents before children (foreign-key order), so a restore inserts without violations.
 */
export function tablesInForeignKeyOrder(tables: Tables): BackupTable[] {
  const derived = derivedTableNames();
  const all = (Object.values(tables) as unknown[]).filter((value): value is SQLiteTable => is(value, Table) && !derived.has(getTableName(value)));
  const parentsOf = new Map<SQLiteTable, SQLiteTable[]>(
    all.map((table) => [table, tableConfig(table).foreignKeys.map((fk) => fk.reference().foreignTable as SQLiteTable)]),
  );
  const ordered: SQLiteTable[] = [];
  const visit = (table: SQLiteTable) => {
    if (ordered.includes(table)) return;
    for (const parent of parentsOf.get(table) ?? []) if (parent !== table) visit(parent);
    ordered.push(table);
  };
  all.forEach(visit);
  return ordered.map(describe);
}

/** The parts both dialects' table configs share (foreign keys, composite primary keys). */
function tableConfig(table: SQLiteTable): Pick<ReturnType<typeof sqliteTableConfig>, 'foreignKeys' | 'primaryKeys'> {
  return is(table, PgTable) ? (pgTableConfig(table as PgTable) as unknown as ReturnType<typeof sqliteTableConfig>) : sqliteTableConfig(table);
}

function describe(table: SQLiteTable): BackupTable {
  const columns = Object.entries(getTableColumns(table as Table));
  const config = tableConfig(table);
  const compositeKey = config.primaryKeys[0]?.columns.map((column) => column.name) ?? [];
  const keyColumns = columns.filter(([, column]) => column.primary || compositeKey.includes(column.name)).map(([key]) => key);
  return {
    name: getTableName(table),
    table,
    dateColumns: columns.filter(([, column]) => column.dataType === 'date').map(([key]) => key),
    keyColumns,
  };
}

/** A row as one NDJSON line (dates as ISO strings). */
export function encodeRow(row: Record<string, unknown>): string {
  return JSON.stringify(row);
}

/** The row a line of the backup describes, with columns newer than the backup derived (its dates still ISO text, as checked). */
export function decodeRow(line: string, table: BackupTable): Record<string, unknown> {
  const row = JSON.parse(line) as Record<string, unknown>;
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new Error('a row is not an object');
  addDerivedColumns(table.name, row);
  return row;
}

/** A checked row with its dates revived for Drizzle. */
export function reviveDates(row: Record<string, unknown>, table: BackupTable): Record<string, unknown> {
  for (const column of table.dateColumns) {
    const value = row[column];
    if (value !== null && value !== undefined) row[column] = new Date(value as string);
  }
  return row;
}
