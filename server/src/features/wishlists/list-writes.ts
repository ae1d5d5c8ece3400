import type { ColumnsSelection, SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Engine, InsertValues, PreparedRows, StoreTable, StoreWith, UpdateSet } from '../../db/store';
import { pgListWrites } from './list-writes.pg';
import { sqliteListWrites } from './list-writes.sqlite';

/**
 * The writes of guests' claims and of items where the engines differ: PostgreSQL runs each as one
 * statement (data-modifying WITHs, no BEGIN and COMMIT round trips, row locks where two writers of
 * one row must queue); SQLite, whose writes run one at a time and whose statements cost no round
 * trip, as its statements in turn. Written plainly per engine: list-writes.sqlite.ts and
 * list-writes.pg.ts. Types follow the store's (SQLite's; see the PostgreSQL store).
 */
export interface ListWrites {
  /** The smaller of two numbers (SQLite's scalar min, PostgreSQL's least). */
  smaller(a: unknown, b: unknown): SQL;
  /** The larger of two numbers (SQLite's scalar max, PostgreSQL's greatest). */
  larger(a: unknown, b: unknown): SQL;
  /**
   * `query` (a SELECT) locking the rows of `tables` it reads until the statement ends
   * (PostgreSQL FOR UPDATE OF), so a second writer of those rows waits and then reads them anew.
   */
  lockingRowsOf<Q>(query: Q, ...tables: StoreTable[]): Q;
  /**
   * A write that starts from a row it reads, prepared on `db`: `source` (a WITH, `db.$with(…).as(…)`,
   * of one row at most, of plain columns and aliased SQL), then `first` (an UPDATE … RETURNING
   * built on the builder given) and, only when `first` changed a row, `next` (an UPDATE or a
   * DELETE). It answers source's row beside first's. The source must lock (lockingRowsOf) the rows
   * the write reads, and `first` must take every value it writes or checks from it, through scalar
   * subqueries `(SELECT … FROM source)`: on PostgreSQL the UPDATE's own read of its table is as of
   * the statement's start, before the source waited for a lock (the race tests catch item counts
   * going wrong that way). Run it through `DataStore.compoundWrite`.
   */
  updateFromSource<S extends ColumnsSelection, R, T extends StoreTable>(
    db: Db,
    source: StoreWith<S, string>,
    first: (builder: UpdateBuilder) => { prepare(): PreparedRows<R> },
    next: FollowingWrite<T>,
  ): PreparedRows<SourceAndChanged<S, R>>;
  /**
   * `write` (an INSERT, UPDATE or DELETE … RETURNING) prepared on `db` so that it tells the other
   * processes on the change feed's `channel` its rows' `key` when it commits, as part of the
   * statement (PostgreSQL; its rows carry one more field, `announced`). SQLite: the write as is
   * (one process: the caller drops its own cache).
   */
  announcing<R>(db: Db, write: { prepare(): PreparedRows<R> }, announce: Announcement<R>): PreparedRows<R>;
  /**
   * An UPDATE … RETURNING (`first`) and, only when it changed a row, an INSERT of `next` (one
   * row, every column given), prepared as one write on `db` answering `first`'s rows; with
   * `announce`, also tells the change feed's channel the changed row's key, as `announcing` does.
   * Run it through `DataStore.compoundWrite`.
   */
  updateThenInsert<R, T extends StoreTable>(db: Db, first: { prepare(): PreparedRows<R> }, next: FollowingInsert<T>, announce?: Announcement<R>): PreparedRows<R>;
}

/** The write that follows in `updateFromSource`: an UPDATE of `table` (`set`) or a DELETE from it; which rows from placeholders alone. */
export type FollowingWrite<T extends StoreTable> = { table: T; where: SQL } & ({ set: UpdateSet<T> } | { delete: true });

/** What `updateFromSource` builds its UPDATE on (the WITH of its source is the engine's business). */
export type UpdateBuilder = Pick<Db, 'update'>;

/** A row of `updateFromSource`'s write: the source's row and the row its UPDATE changed. */
export interface SourceAndChanged<S extends ColumnsSelection, R> {
  source: SelectResultFields<S>;
  changed: R;
}

/** The row `updateThenInsert` adds after its UPDATE: its table and the value of every column (placeholders). */
export interface FollowingInsert<T extends StoreTable> {
  table: T;
  values: InsertValues<T>;
}

/** What a write tells the change feed when it commits: `key` (a returned field) of each row it wrote, on `channel`. */
export interface Announcement<R> {
  channel: string;
  key: keyof R & string;
}

export const listWritesOf = (engine: Engine): ListWrites => (engine === 'sqlite' ? sqliteListWrites : pgListWrites);
