import { Column, type DriverValueEncoder, is, SQL, sql } from 'drizzle-orm';
import type { PreparedRows } from '../../db/store';
import type { ListWrites } from './list-writes';

/**
 * SQLite's: no data-modifying WITH and no row locks, but its writes run one at a time and a
 * statement costs no round trip, so each write is its statements in turn (all or nothing through
 * `DataStore.compoundWrite`, a savepoint in this turn's commit).
 */
export const sqliteListWrites: ListWrites = {
  smaller: (a, b) => sql`min(${a}, ${b})`,
  larger: (a, b) => sql`max(${a}, ${b})`,
  // Its writes already run one at a time.
  lockingRowsOf: (query) => query,
  // The source's SELECT, then `first` reading that row bound as values (not the source itself: SQLite would run its joins again in each subquery), then `next`.
  updateFromSource: (db, source, first, next) => {
    // Typed by the generic source's selection, which Drizzle's select types cannot follow.
    const read = db.with(source).select().from(source).prepare() as unknown as PreparedRows<Record<string, unknown>>;
    // `first` reads the row as read, bound as values, instead of running the source again for each of its subqueries.
    const fields = Object.entries(source._.selectedFields);
    const columns = sql.join(
      fields.map(([key, field]) => sql`${sql.placeholder(`source.${key}`)} AS ${sql.identifier(is(field, Column) ? field.name : (field as SQL.Aliased).fieldAlias)}`),
      sql`, `,
    );
    const asRead = db.$with(source._.alias, source._.selectedFields).as(sql`SELECT ${columns}`);
    const following = 'set' in next ? db.update(next.table).set(next.set).where(next.where) : db.delete(next.table).where(next.where);
    const changes = thenIfChanged(first(db.with(asRead)).prepare(), following.prepare());
    return {
      execute: async (placeholders) => {
        const [sourceRow] = await read.execute(placeholders);
        if (!sourceRow) return [];
        const asBound = Object.fromEntries(fields.map(([key, field]) => [`source.${key}`, driverValue(field, sourceRow[key])]));
        return (await changes.execute({ ...placeholders, ...asBound })).map((changed) => ({ source: sourceRow, changed }) as never);
      },
    };
  },
  announcing: (_db, write) => write.prepare(),
  updateThenInsert: (db, first, next) => thenIfChanged(first.prepare(), db.insert(next.table).values(next.values).prepare()),
};

/** `value` as read through `field` (a column, or SQL decoded by one) back as SQLite stores it (a timestamp's milliseconds, a flag's 0 or 1). */
function driverValue(field: unknown, value: unknown): unknown {
  const encoder: Partial<DriverValueEncoder<unknown, unknown>> | undefined = is(field, Column) ? field : is(field, SQL.Aliased) ? (field.sql as unknown as { decoder: object }).decoder : undefined;
  return encoder?.mapToDriverValue ? encoder.mapToDriverValue(value) : value;
}

/** `first`, then `next` with the same placeholders when `first` answered rows; answers `first`'s rows. */
function thenIfChanged<R>(first: PreparedRows<R>, next: { execute(placeholders?: Record<string, unknown>): Promise<unknown> }): PreparedRows<R> {
  return {
    execute: async (placeholders) => {
      const rows = await first.execute(placeholders);
      if (rows.length > 0) await next.execute(placeholders);
      return rows;
    },
  };
}
