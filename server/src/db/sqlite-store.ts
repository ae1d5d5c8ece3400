import { Database, type SQLQueryBindings } from 'bun:sqlite';
import { sql } from 'drizzle-orm';
import { drizzle, type AsyncRemoteCallback } from 'drizzle-orm/sqlite-proxy';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterCommit, committing } from './after-commit';
import { LocalChangeFeed } from './change-feed';
import { ConnectionGate } from './connection-gate';
import { GroupCommit } from './group-commit';
import { DatabaseDamaged, isDamage } from './health';
import { applySqliteMigrations } from './migrate';
import { openSqliteThread, type SqliteThread } from './sqlite-thread';
import { vacuumInto } from './sqlite-vacuum';
import * as tables from './schema/sqlite';
import type { DataStore, Db, SqlDialect } from './store';

const sqliteDialect: SqlDialect = {
  likeIgnoringCase: (value, pattern) => sql`${value} LIKE ${pattern} ESCAPE '\\'`,
};

/**
 * The embedded engine: one bun:sqlite connection (WAL, synchronous=NORMAL, foreign keys on)
 * behind Drizzle's async proxy driver and a connection gate. `sqlite.query()` caches each
 * compiled statement by its SQL text, so repeated queries are not parsed again.
 */
export function openSqliteStore(file: string, options: { quickCheck?: boolean } = {}): DataStore {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file, { create: true, strict: true });
  // Before anything takes a lock: a server restarting on a file the previous one is still closing waits, not fails.
  sqlite.exec('PRAGMA busy_timeout = 5000');
  refuseDamaged(sqlite, file, options.quickCheck ?? true);
  refuseUnwritable(sqlite);
  sqlite.exec('PRAGMA synchronous = NORMAL');
  // A checkpoint copies every page the WAL holds into the file and stalls the event loop meanwhile:
  // at 10,000 pages (~40 MB of WAL) instead of 1,000 the hot pages of a write burst (the bought
  // items, the claims' index ends) are copied once per ten times as many commits.
  sqlite.exec('PRAGMA wal_autocheckpoint = 10000');
  sqlite.exec('PRAGMA foreign_keys = ON');
  const schemaVersion = applySqliteMigrations(sqlite);
  const gate = new ConnectionGate();

  const execute: AsyncRemoteCallback = async (text, params, method) => {
    const statement = sqlite.query<unknown, SQLQueryBindings[]>(text);
    if (method === 'run') {
      statement.run(...(params as SQLQueryBindings[]));
      return { rows: [] };
    }
    const rows = statement.values(...(params as SQLQueryBindings[]));
    return { rows: method === 'get' ? (rows[0] as unknown[]) : rows };
  };
  /** The transaction holder's instance: its statements run on the held connection directly. */
  const holderDb: Db = drizzle(execute);
  const db: Db = drizzle((text, params, method) => (gate.isFree ? execute(text, params, method) : gate.hold(() => execute(text, params, method))));

  /** BEGIN IMMEDIATE ... COMMIT on the held connection (IMMEDIATE: no late lock upgrade failures). */
  const inTransaction = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    committing((held) => gate.hold(async () => {
      sqlite.run('BEGIN IMMEDIATE');
      try {
        const result = await held(holderDb);
        sqlite.run('COMMIT');
        return result;
      } catch (error) {
        if (sqlite.inTransaction) sqlite.run('ROLLBACK');
        throw error;
      }
    }), work);
  const writes = new GroupCommit<Db>((batch) => inTransaction(batch));
  /** Inside a group's transaction: a savepoint makes `work`'s statements all-or-nothing. */
  const inSavepoint = <T>(work: (tx: Db) => Promise<T>) =>
    writes.run(async (tx) => {
      sqlite.run('SAVEPOINT group_write');
      try {
        const result = await work(tx);
        sqlite.run('RELEASE group_write');
        return result;
      } catch (error) {
        sqlite.run('ROLLBACK TO group_write');
        sqlite.run('RELEASE group_write');
        throw error;
      }
    });

  /** The admin's full check under way: a second request while it runs gets its answer instead of starting another. */
  let fullCheck: Promise<string[]> | null = null;
  /**
   * The connection on a thread the off-thread writes go to, opened by the first (most stores never
   * make one: tests, the CLI, a restore's staging). The store holds its connection gate while the
   * thread writes, so the two connections never write at once and neither waits in SQLite's busy
   * handler; the request thread meanwhile answers everything but database calls.
   */
  let writerThread: Promise<SqliteThread> | null = null;
  let closed = false;
  /** The writer thread, or a new one when there is none or it ended (crashed, or could not open): the write that met its end failed. */
  const liveWriterThread = async (): Promise<SqliteThread> => {
    const current = await writerThread?.catch(() => null);
    if (current?.alive) return current;
    writerThread = openSqliteThread(file, { synchronousNormal: true });
    return writerThread;
  };
  /** After close, a late write must not open a thread on the file (a restore may have put another database there). */
  const writeOffThread: DataStore['writeOffThread'] = (statements) =>
    gate.hold(async () => {
      if (closed) throw new Error('The database is closed.');
      await (await liveWriterThread()).writeBatch(statements);
    });

  return {
    engine: 'sqlite',
    db,
    tables,
    dialect: sqliteDialect,
    schemaVersion,
    transaction: inTransaction,
    afterCommit,
    lockedTransaction: (_name, work) => inTransaction(work),
    readSnapshot: (work) => readSnapshot(file, work),
    groupCommit: (write) => writes.run(write),
    groupTransaction: inSavepoint,
    compoundWrite: inSavepoint,
    prepared: preparedPerDb,
    writeOffThread,
    changes: new LocalChangeFeed(),
    rateCounts: null,
    runExclusive: async (_name, job) => {
      await job();
      return true;
    },
    sharedSecret: async () => null,
    ping: () => gate.hold(() => sqlite.query<{ ok: number }, []>('SELECT 1 AS ok').get()?.ok === 1),
    integrityProblems: () => (fullCheck ??= fullCheckOffThread(file).finally(() => (fullCheck = null))),
    close: () =>
      gate.hold(async () => {
        closed = true;
        await (await writerThread?.catch(() => null))?.close();
        try {
          sqlite.exec('PRAGMA optimize');
        } catch {
          // Only statistics: a full disk must not keep the database from closing (and the server from stopping).
        }
        sqlite.close();
      }),
  };
}

/**
 * A prepared statement per Drizzle instance: the store's own, and the one every transaction and
 * group commit hands out (the same one each time, so a statement is prepared twice at most).
 */
function preparedPerDb<P>(prepare: (db: Db) => P): (db: Db) => P {
  const prepared = new WeakMap<Db, P>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/** How much of a snapshot file is memory-mapped (a larger file is read through read() beyond it). */
const SNAPSHOT_MMAP_BYTES = 2 * 1024 ** 3;

/**
 * A `VACUUM INTO` copy of the live file (consistent, one file, never a copy of the live file and
 * its write-ahead log) beside it, opened as a store of its own for `work`, then removed.
 */
async function readSnapshot<T>(liveFile: string, work: (db: Db) => Promise<T>): Promise<T> {
  const snapshotFile = join(dirname(liveFile), `.snapshot-${randomUUID()}.db`);
  try {
    await vacuumInto(liveFile, snapshotFile);
    // Written just now by SQLite itself: no quick_check (it would hold the event loop for a large file).
    const snapshot = openSqliteStore(snapshotFile, { quickCheck: false });
    try {
      // A backup reads each table in key order, fetching rows from all over the file: mapped, not a read() call per page.
      await snapshot.db.run(sql.raw(`PRAGMA mmap_size = ${SNAPSHOT_MMAP_BYTES}`));
      return await work(snapshot.db);
    } finally {
      await snapshot.close();
    }
  } finally {
    // Off the event loop: removing a large file takes long enough to stall requests.
    await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(snapshotFile + suffix, { force: true })));
  }
}

/** The problems in the lines of SQLite's quick_check or integrity_check ([] when it says ok). */
function problemsIn(lines: string[]): string[] {
  return lines.length === 1 && lines[0] === 'ok' ? [] : lines;
}

function quickCheckProblems(sqlite: Database): string[] {
  return problemsIn(sqlite.query('PRAGMA quick_check(20)').values().map(([problem]) => String(problem)));
}

/** The problems SQLite's integrity_check finds through `db` (a connection on a worker thread: it reads the whole file). */
export async function integrityCheckProblems(db: Db): Promise<string[]> {
  const rows = await db.all<Record<string, unknown>>(sql`PRAGMA integrity_check(20)`);
  return problemsIn(rows.map((row) => String(Object.values(row)[0])));
}

/**
 * integrity_check on a read-only connection of its own, on a worker thread: it reads the whole
 * file (15 s at a million items), and on the store's connection every request waited for it.
 */
async function fullCheckOffThread(file: string): Promise<string[]> {
  const thread = await openSqliteThread(file, { readonly: true });
  try {
    return await integrityCheckProblems(thread.db);
  } finally {
    await thread.close();
  }
}

/**
 * A file this process may read but not write (its permissions, its folder's, a read-only mount)
 * stops the start with SQLite's READONLY error, not at the first write: a write undone at once.
 */
function refuseUnwritable(sqlite: Database): void {
  try {
    sqlite.run('BEGIN IMMEDIATE');
    try {
      sqlite.run('CREATE TABLE wishwell_write_check (x)');
    } finally {
      sqlite.run('ROLLBACK');
    }
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/**
 * Switches to WAL and runs quick_check (unless told not to): a damaged file (or one that is not a
 * database at all) stops the start with DatabaseDamaged, before anything is written into it.
 */
function refuseDamaged(sqlite: Database, file: string, quickCheck: boolean): void {
  let problems: string[];
  try {
    sqlite.exec('PRAGMA journal_mode = WAL');
    problems = quickCheck ? quickCheckProblems(sqlite) : [];
  } catch (error) {
    if (!isDamage(error)) {
      // Not damage (a folder or file this user cannot write, a full disk): the start-up error says what to fix.
      sqlite.close();
      throw error;
    }
    problems = [(error as Error).message];
  }
  if (problems.length === 0) return;
  sqlite.close();
  throw new DatabaseDamaged(file, problems, dirname(file));
}
