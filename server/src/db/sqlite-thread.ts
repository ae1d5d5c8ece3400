/**
 * A SQLite connection on a worker thread, behind Drizzle's async proxy driver: the statements'
 * work (binding, writing pages, commits, index builds, checks, VACUUM INTO) happens off the
 * event loop, which only sends each statement's text and values and receives its rows. For bulk
 * work on a file of its own (a restore's staging database, a backup's snapshot), where a
 * synchronous bun:sqlite call of seconds would stop every request.
 */
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { ANSWER_REQUESTS, startWorkerRequests } from './worker-requests';
import type { Db } from './store';

const WORKER_SOURCE = `
import { Database } from 'bun:sqlite';
let db = null;
const handlers = {
  open({ file, readonly }) {
    db = new Database(file, readonly ? { readonly: true, strict: true } : { create: true, strict: true });
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('PRAGMA foreign_keys = ON');
  },
  execute({ sql, params: json, method }) {
    const params = JSON.parse(json);
    const statement = db.query(sql);
    if (method !== 'run') return statement.values(...params);
    statement.run(...params);
    return [];
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
  /** Closes the connection and ends the thread. */
  close(): Promise<void>;
}

/**
 * Opens `file` (created when missing, unless `readonly`) on a new worker thread, with foreign keys
 * on. A statement that fails rejects with SQLite's message and code; a thread that dies fails
 * every statement waiting on it and every later one.
 */
export async function openSqliteThread(file: string, options: { readonly?: boolean } = {}): Promise<SqliteThread> {
  const { request, end } = startWorkerRequests(WORKER_SOURCE, 'the SQLite worker thread');
  await request({ kind: 'open', file, readonly: options.readonly ?? false }).catch((error: Error) => {
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
    async close() {
      await request({ kind: 'close' }).catch(() => undefined);
      end(new Error('the SQLite connection is closed'));
    },
  };
}

/**
 * A statement's values as JSON text: the thread receives one string, where the structured clone
 * of an array of 16,000 values (a multi-row INSERT) cost the sending thread ten times as much.
 * SQLite values are text, numbers and null here; a blob would not survive JSON, so it is refused.
 */
function parametersText(params: unknown[]): string {
  if (params.some((value) => value instanceof Uint8Array)) throw new Error('A statement on the SQLite thread cannot take a blob value.');
  return JSON.stringify(params);
}
