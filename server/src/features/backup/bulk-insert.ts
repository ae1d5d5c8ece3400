import { getTableColumns, sql, type Column } from 'drizzle-orm';
import type { DataStore, Db } from '../../db/store';
import type { BackupTable } from './tables';

/**
 * Inserts rows into one table many at a time, all of them in one parameter: a JSON array of
 * arrays, each holding a row's values as the driver stores them, read back by an
 * INSERT ... SELECT over its elements. Drizzle assembling a multi-row INSERT (a parameter per
 * value) cost a restore more CPU than the database writing the rows.
 */
export function bulkInserter({ engine, dialect }: Pick<DataStore, 'engine' | 'dialect'>, { table }: BackupTable): (tx: Db, rows: Record<string, unknown>[]) => Promise<void> {
  // Drizzle's INSERT ... SELECT names every column of the table in this order.
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  // SQLite's ->> answers a JSON number as a number; PostgreSQL's answers text, cast to the column's type.
  const element = (column: Column, index: number) => sql.raw(engine === 'postgres' ? `(value->>${index})::${column.getSQLType()}` : `value->>${index}`);
  const elements = sql.join(columns.map(([, column], index) => element(column, index)), sql`, `);
  return async (tx, rows) => {
    const values = rows.map((row) => columns.map(([key, column]) => driverValue(column, row[key])));
    await tx.insert(table).select(sql`SELECT ${elements} FROM ${dialect.jsonArrayRows(JSON.stringify(values))}`);
  };
}

/** A value as Drizzle would bind it; a column the row lacks (a backup older than the column) gets its default, as Drizzle's insert does. */
function driverValue(column: Column, value: unknown): unknown {
  const given = value === undefined ? column.default : value;
  return given === undefined || given === null ? null : column.mapToDriverValue(given);
}
