import { and, type ColumnsSelection, getTableColumns, getTableName, is, SQL, sql, type WithSubquery } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { TypedQueryBuilder } from 'drizzle-orm/query-builders/query-builder';
import type { Db, PreparedRows } from '../../db/store';
import type { Announcement, ListWrites } from './list-writes';

/**
 * PostgreSQL's: each write one statement (the writes as data-modifying WITHs, then a SELECT of
 * what they answer), so a claim costs one round trip and no BEGIN and COMMIT; the rows a write
 * reads are locked, so two writers of one claim or item queue up.
 */
export const pgListWrites: ListWrites = {
  smaller: (a, b) => sql`least(${a}, ${b})`,
  larger: (a, b) => sql`greatest(${a}, ${b})`,
  // Services build queries under the SQLite types (see the PostgreSQL store's asServiceDb): the builder is PostgreSQL's.
  lockingRowsOf: (query, ...tables) => (query as unknown as PgSelect).for('update', { of: tables as unknown as PgTable[] }) as unknown as typeof query,
  updateFromSource: (db, source, first, next) => {
    const pg = db as unknown as PgDatabase<PgQueryResultHKT>;
    const changed = pg.$with('changed').as(first(db) as unknown as TypedQueryBuilder<ColumnsSelection>);
    // Data-modifying WITHs run whether or not the SELECT reads them: this one changes a row only when `changed` holds one.
    const table = next.table as unknown as PgTable;
    const where = and(next.where, sql`EXISTS (SELECT 1 FROM ${changed})`);
    const followed = pg.$with('followed').as(
      ('set' in next ? pg.update(table).set(next.set).where(where) : pg.delete(table).where(where)) as unknown as TypedQueryBuilder<ColumnsSelection>,
    );
    const withSource = source as unknown as WithSubquery;
    const statement = pg
      .with(withSource, changed, followed)
      .select({ source: rowOf(withSource), changed: rowOf(changed) })
      .from(withSource)
      .innerJoin(changed, sql`true`)
      .prepare('update_from_source'); // bun-sql ignores the name
    return statement as unknown as PreparedRows<never>;
  },
  announcing: (db, write, announce) => {
    const pg = db as unknown as PgDatabase<PgQueryResultHKT>;
    const written = pg.$with('written').as(write as unknown as TypedQueryBuilder<ColumnsSelection>);
    // A statement of its own, not a wrapper: a transaction's connection can be bound to it (preparedOnce).
    const statement = pg
      .with(written)
      .select(announcedRow(rowOf(written), announce))
      .from(written)
      .prepare('announcing');
    return statement as unknown as PreparedRows<never>;
  },
  updateThenInsert: (db, first, next, announce) => {
    const { pg, changed, changedRow } = changedBy(db, first);
    const table = next.table as unknown as PgTable;
    // INSERT … SELECT adds its row once per row `changed` answers: none when the UPDATE changed nothing.
    // Every column in the table's order (the INSERT names them all); each value through its column's encoder, as values() would.
    const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
      const value = (next.values as Record<string, unknown>)[key];
      if (value === undefined) throw new Error(`updateThenInsert: no value for ${getTableName(table)}.${column.name}`);
      return is(value, SQL) ? value : sql.param(value, column);
    });
    const added = pg.$with('added').as(pg.insert(table).select(sql`select ${sql.join(values, sql`, `)} from ${changed}`) as unknown as TypedQueryBuilder<ColumnsSelection>);
    const statement = pg.with(changed, added).select(announcedRow(changedRow, announce)).from(changed).prepare('update_then_insert');
    return statement as unknown as PreparedRows<never>;
  },
};

/** `first` (an UPDATE … RETURNING) as the data-modifying WITH `changed`, and a selection of every column it returns. */
function changedBy(db: Db, first: unknown) {
  const pg = db as unknown as PgDatabase<PgQueryResultHKT>;
  const changed = pg.$with('changed').as(first as TypedQueryBuilder<ColumnsSelection>);
  return { pg, changed, changedRow: rowOf(changed) };
}

/** `row` selected with, given an announcement, pg_notify of its key on the channel (sent when the statement's transaction commits). */
function announcedRow<R>(row: Record<string, SQL>, announce: Announcement<R> | undefined): Record<string, SQL> {
  return announce ? { ...row, announced: sql`pg_notify(${announce.channel}, ${row[announce.key]!})` } : row;
}

/** A selection of every column a WITH answers. */
function rowOf(query: WithSubquery): Record<string, SQL> {
  const columns = query as unknown as Record<string, SQL>;
  return Object.fromEntries(Object.keys(query._.selectedFields).map((key) => [key, columns[key]!]));
}
