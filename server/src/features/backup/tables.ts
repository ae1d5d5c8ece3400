import { getTableColumns, getTableName, is, Table } from 'drizzle-orm';
import { addDerivedColumns } from '../../db/backfills';
import { derivedTableNames } from '../../db/model';
import type { StoreTable, Tables } from '../../db/store';
import { tableConfigOf } from '../../db/table-config';

/** One table of the backup: its SQL name, its Drizzle object and the columns that hold dates. */
export interface BackupTable {
  name: string;
  /** Typed as SQLite's, like every table of the store (see the PostgreSQL store). */
  table: StoreTable;
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
  const all = (Object.values(tables) as unknown[]).filter((value): value is StoreTable => is(value, Table) && !derived.has(getTableName(value)));
  const parentsOf = new Map<StoreTable, StoreTable[]>(
    all.map((table) => [table, tableConfigOf(table).foreignKeys.map((fk) => fk.reference().foreignTable as StoreTable)]),
  );
  const ordered: StoreTable[] = [];
  const visit = (table: StoreTable) => {
    if (ordered.includes(table)) return;
    for (const parent of parentsOf.get(table) ?? []) if (parent !== table) visit(parent);
    ordered.push(table);
  };
  all.forEach(visit);
  return ordered.map(describe);
}

function describe(table: StoreTable): BackupTable {
  const columns = Object.entries(getTableColumns(table as Table));
  const config = tableConfigOf(table);
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
