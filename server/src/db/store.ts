/**
 * The one data-access seam. Every service reaches the database through a DataStore: its Drizzle
 * instance, the dialect's table objects and a few named engine-specific operations. Services
 * never import a dialect's schema module and never call `.get()/.all()/.run()/.values()`: they
 * `await` queries (arrays; take `[0]`), so the same code runs on SQLite and on PostgreSQL.
 */
import type { SQL } from 'drizzle-orm';
import type { SqliteRemoteDatabase } from 'drizzle-orm/sqlite-proxy';
import type { SQLiteColumn, SQLiteInsertValue, SQLiteSelect, SQLiteTable, SQLiteUpdateSetSource, WithSubqueryWithSelection } from 'drizzle-orm/sqlite-core';
import type { ChangeFeed } from './change-feed';
import type * as sqliteSchema from './schema/sqlite';

export type Engine = 'sqlite' | 'postgres';

/** The table objects services build queries from (typed as SQLite's; see the PostgreSQL store). */
export type Tables = typeof sqliteSchema;

/** A table of `Tables`, and the types of its parts: typed as SQLite's, like the tables (see the PostgreSQL store). */
export type StoreTable = SQLiteTable;
export type TableColumn = SQLiteColumn;
export type UpdateSet<T extends StoreTable> = SQLiteUpdateSetSource<T>;
export type InsertValues<T extends StoreTable> = SQLiteInsertValue<T>;
/** A dynamic SELECT (`.$dynamic()`) a helper adds joins and conditions to. */
export type StoreSelect = SQLiteSelect;
/** A WITH query (`db.$with(…).as(…)`): `StoreWith<Selection, string>`. */
export type { WithSubqueryWithSelection as StoreWith };

/** A row of a table as services see it. */
export type Row<K extends keyof Tables> = Tables[K]['$inferSelect'];

/** The Drizzle instance services use: asynchronous, typed against the SQLite dialect. */
export type Db = SqliteRemoteDatabase;

/** A prepared statement answering rows: `execute` takes the values of its placeholders. */
export interface PreparedRows<R> {
  execute(placeholders?: Record<string, unknown>): Promise<R[]>;
}

/** The few SQL spellings the two engines do not share. */
export interface SqlDialect {
  /** `value` LIKE `pattern` (backslash escapes) ignoring case: SQLite's LIKE already does (ASCII), PostgreSQL's ILIKE; no lower() per row. */
  likeIgnoringCase(value: unknown, pattern: string): SQL;
}

/** A statement as its engine's SQL text and the values of its parameters (see raw-statement.ts). */
export interface RawStatement {
  sql: string;
  params: unknown[];
}

/** Rate-limit counts kept in the database, so every process on it counts together (see limits/rate-limit.ts). */
export interface SharedRateCounts {
  /** Counts `hits` hits of `key` under the limit `scope` (a window of `windowMs` from its first hit); answers the shared count and when its window ends. */
  add(scope: string, key: string, windowMs: number, hits: number): Promise<{ count: number; resetAt: number }>;
  forget(scope: string, key: string): Promise<void>;
}

export interface DataStore {
  readonly engine: Engine;
  readonly db: Db;
  readonly tables: Tables;
  readonly dialect: SqlDialect;
  /** How many migrations the schema has (the schema version recorded in backups). */
  readonly schemaVersion: number;
  /**
   * Runs `work` in one transaction on `tx` (commit when it resolves, roll back when it throws).
   * Inside, use only `tx`: on SQLite the connection belongs to the transaction until it ends,
   * so a statement on `store.db` would wait for the transaction that waits for it.
   */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `hook` once the transaction `tx` belongs to (transaction, lockedTransaction, or a group
   * commit's) has committed, not at all when it rolls back; at once outside a transaction. For
   * what must not run before the change is visible (the mail outbox's wake-up).
   */
  afterCommit(tx: Db, hook: () => void): void;
  /**
   * `transaction` holding the lock `name` from its start to its end, so that of the transactions
   * taking it only one runs at a time in all the processes on the database (PostgreSQL: an
   * advisory lock); SQLite's transactions already run one at a time. For a decision that reads
   * what is not there yet (the first account), which no row lock can guard.
   */
  lockedTransaction<T>(name: string, work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on a consistent, read-only view of the whole database while readers and
   * writers carry on (a backup): PostgreSQL, one REPEATABLE READ READ ONLY transaction;
   * SQLite, a `VACUUM INTO` copy opened on its own connection and removed afterwards.
   */
  readSnapshot<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * A small write (one statement) that may share its commit with the other writes of this
   * event-loop turn (SQLite); a failing write fails alone. On PostgreSQL it simply runs.
   */
  groupCommit<T>(write: (db: Db) => Promise<T>): Promise<T>;
  /**
   * A few statements that commit together or not at all, sharing the commit of this turn's
   * other writes on SQLite (a savepoint inside the group's transaction, undone alone when
   * `work` throws); on PostgreSQL its own transaction.
   */
  groupTransaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * One write prepared as a single statement on PostgreSQL but as several on SQLite (the claim
   * writes of features/wishlists/list-writes.*.ts), all or nothing on both: PostgreSQL runs the statement alone (no BEGIN
   * and COMMIT round trips), SQLite as a groupTransaction (a savepoint in this turn's commit).
   */
  compoundWrite<T>(write: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `statements` in one transaction (all or nothing) where the request thread spends no CPU
   * on them: SQLite, a worker thread with its own connection, while this store's statements
   * wait their turn as for any transaction; PostgreSQL, a transaction on the pool (the database
   * server does the work). For bulk writes nothing reads back at once (the visitor log).
   */
  writeOffThread(statements: RawStatement[]): Promise<void>;
  /**
   * Prepared statements (an object of them, or one) built once for this store, handed out for
   * the instance they are to run on: `store.db`, or the `tx` of a transaction or group commit
   * (inside one, a statement must run on its connection). Drizzle assembles SQL slowly: a write
   * should not pay for that on every call.
   */
  prepared<P>(prepare: (db: Db) => P): (db: Db) => P;
  /** Change notices between the processes sharing this database (in memory on SQLite). */
  readonly changes: ChangeFeed;
  /** Rate-limit counts shared by the processes on this database (PostgreSQL); null on SQLite, whose one process counts in memory. */
  readonly rateCounts: SharedRateCounts | null;
  /**
   * Runs `job` unless another process sharing the database is running the job of that name
   * (a PostgreSQL advisory lock; on SQLite there is one process). True when it ran.
   */
  runExclusive(name: string, job: () => Promise<void>): Promise<boolean>;
  /**
   * The secret `name` every process on this database shares: the stored one, else `proposed`,
   * stored now (PostgreSQL, outside the data: not in backups, kept through a restore). Null on
   * SQLite, whose one process keeps its secret in the data dir, and when the database user may
   * not create the table (said in the log).
   */
  sharedSecret(name: string, proposed: string): Promise<string | null>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The engine's full consistency check (SQLite integrity_check): the problems found, [] when healthy. */
  integrityProblems(): Promise<string[]>;
  /** Waits for running work, then closes the connection(s). */
  close(): Promise<void>;
}
