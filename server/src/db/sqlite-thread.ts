/**
 * A SQLite connection on a worker thread, behind Drizzle's async proxy driver: the statements'
 * work (binding, writing pages, commits, index builds, checks, VACUUM INTO) happens off the
 * event loop, which only sends each statement's text and values and receives its rows. For bulk
 * work where a synchronous bun:sqlite call of milliseconds to seconds would stop every request:
 * a restore's staging database, a backup's snapshot, the admin's full check, and the visitor
 * log's batches (written beside the store's own connection, see sqlite-store.ts).
 */
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { startSourceWorker } from './source-worker';
import { ANSWER_REQUESTS, requestsTo } from './worker-requests';
import type { Db, RawStatement } from './store';

const WORKER_SOURCE = `
import { Database } from 'bun:sqlite';
let db = null;
const handlers = {
  open({ file, readonly, synchronousNormal }) {
    db = new Database(file, readonly ? { readonly: true, strict: true } : { create: true, strict: true });
    db.exec('PRAGMA busy_timeout = 5000');
    if (synchronousNormal) db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
  },
  execute({ sql, params: json, method }) {
    const params = JSON.parse(json);
    const statement = db.query(sql);
    if (method !== 'run') return statement.values(...params);
    statement.run(...params);
    return [];
  },
  batch({ statements }) {
    db.run('BEGIN IMMEDIATE');
    try {
      for (const { sql, params } of statements) db.query(sql).run(...params);
      db.run('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.run('ROLLBACK');
      throw error;
    }
  },
  rollback() {
    if (db.inTransaction) db.run('ROLLBACK');
  },
  close() {
    db?.close();
    db = null;
  },
};
${ANSWER_REQUESTS}`;

export interface SqliteThread {
  /** Drizzle over the thread's connection; its statements run one after another, in order. */
  db: Db;
  /** Runs `work` in BEGIN IMMEDIATE ... COMMIT on the thread's connection (ROLLBACK when it throws). */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs `statements` in one transaction (all or nothing), sent to the thread in one message. */
  writeBatch(statements: RawStatement[]): Promise<void>;
  /** False once the thread has ended (it failed, was closed, or died): its requests fail at once. */
  readonly alive: boolean;
  /** Closes the connection and ends the thread. */
  close(): Promise<void>;
}

export interface SqliteThreadOptions {
  readonly?: boolean;
  /** synchronous = NORMAL, as the store's own connection (a commit in WAL mode then waits for no fsync). */
  synchronousNormal?: boolean;
}

/** The thread's worker, not yet opened on a file (a test may end it to see its owner cope). */
export function startSqliteWorker(): Worker {
  return startSourceWorker(WORKER_SOURCE);
}

/**
 * Opens `file` (created when missing, unless `readonly`) on a new worker thread, with foreign keys
 * on. A statement that fails rejects with SQLite's message and code; a thread that dies fails
 * every statement waiting on it and every later one.
 */
export async function openSqliteThread(file: string, options: SqliteThreadOptions = {}, worker: Worker = startSqliteWorker()): Promise<SqliteThread> {
  const { request, end, alive } = requestsTo(worker, 'the SQLite worker thread');
  await request({ kind: 'open', file, readonly: options.readonly ?? false, synchronousNormal: options.synchronousNormal ?? false }).catch((error: Error) => {
    end(error);
    throw error;
  });
  const db: Db = drizzle(async (sql, params, method) => {
    const rows = await request<unknown[][]>({ kind: 'execute', sql, params: parametersText(params), method });
    return { rows: method === 'get' ? (rows[0] as unknown[]) : rows };
  });
  return {
    db,
    async transaction(work) {
      await request({ kind: 'execute', sql: 'BEGIN IMMEDIATE', params: '[]', method: 'run' });
      try {
        const result = await work(db);
        await request({ kind: 'execute', sql: 'COMMIT', params: '[]', method: 'run' });
        return result;
      } catch (error) {
        await request({ kind: 'rollback' }).catch(() => undefined); // a dead thread took its transaction with it
        throw error;
      }
    },
    async writeBatch(statements) {
      await request({ kind: 'batch', statements });
    },
    get alive() {
      return alive();
    },
    async close() {
      await request({ kind: 'close' }).catch(() => undefined);
      end(new Error('the SQLite connection is closed'));
    },
  };
}

/**
 * A statement's values as JSON text: the thread receives one string, which crosses threads
 * cheaply, where a structured clone walks a large array (a multi-row INSERT's) value by value on
 * the sending thread.
 * SQLite values are text, numbers and null here; a blob would not survive JSON, so it is refused.
 */
function parametersText(params: unknown[]): string {
  if (params.some((value) => value instanceof Uint8Array)) throw new Error('A statement on the SQLite thread cannot take a blob value.');
  return JSON.stringify(params);
}
