import { getTableColumns, sql, type Column } from 'drizzle-orm';
import type { Db } from '../../db/store';
import type { BackupTable } from './tables';

/** Parameters per INSERT, under SQLite's limit (32,766) and PostgreSQL's (65,535). */
const MAX_PARAMETERS = 16_000;

/**
 * Inserts rows into one table on `tx`, as many per statement as the parameter limit allows,
 * through statements prepared once per row count: `INSERT ... VALUES (?, ...), (?, ...)` with
 * each row's values as the driver stores them. Drizzle assembling a multi-row INSERT on every
 * call (a parameter object per value) cost a restore more CPU than the database writing the
 * rows, and reading rows out of one JSON parameter cost SQLite three times what binding does.
 */
export function bulkInserter(tx: Db, { table }: BackupTable): (rows: Record<string, unknown>[]) => Promise<void> {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS / columns.length));
  const statements = new Map<number, ReturnType<typeof prepareInsert>>();
  /** Placeholders named by their position, so the flat array of values is the object of their values. */
  const prepareInsert = (rows: number) => {
    const tuple = (row: number) => sql`(${sql.join(columns.map((_, column) => sql.placeholder(String(row * columns.length + column))), sql`, `)})`;
    return tx
      .insert(table)
      .select(sql`VALUES ${sql.join(Array.from({ length: rows }, (_, row) => tuple(row)), sql`, `)}`)
      .prepare();
  };
  return async (rows) => {
    for (let start = 0; start < rows.length; start += rowsPerStatement) {
      const slice = rows.slice(start, start + rowsPerStatement);
      let statement = statements.get(slice.length);
      if (!statement) statements.set(slice.length, (statement = prepareInsert(slice.length)));
      const values = slice.flatMap((row) => columns.map(([key, column]) => driverValue(column, row[key])));
      await statement.execute(values as unknown as Record<string, unknown>);
    }
  };
}

/** A value as Drizzle would bind it; a column the row lacks (a backup older than the column) gets its default, as Drizzle's insert does. */
function driverValue(column: Column, value: unknown): unknown {
  const given = value === undefined ? column.default : value;
  return given === undefined || given === null ? null : column.mapToDriverValue(given);
}
