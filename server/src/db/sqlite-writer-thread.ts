/**
 * A worker thread with its own connection to the database file, for bulk writes the request
 * thread should not spend its CPU on (the visitor log's batches). The store holds its connection
 * gate while the worker writes, so the two connections never write at once and neither waits in
 * SQLite's busy handler; the request thread meanwhile answers everything but database calls.
 */
import { startSourceWorker } from './source-worker';
import type { RawStatement } from './store';
import { ANSWER_REQUESTS, requestsTo, type WorkerRequests } from './worker-requests';

const WORKER_SOURCE = `
import { Database } from 'bun:sqlite';
let db = null;
const handlers = {
  open({ file }) {
    db = new Database(file, { strict: true });
    db.exec('PRAGMA busy_timeout = 5000');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
  },
  write({ statements }) {
    db.run('BEGIN IMMEDIATE');
    try {
      for (const { sql, params } of statements) db.query(sql).run(...params);
      db.run('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.run('ROLLBACK');
      throw error;
    }
  },
  close() {
    db?.close();
    db = null;
  },
};
${ANSWER_REQUESTS}`;

/** The thread's worker, not yet opened on a file (a test may end it to see the store cope). */
export function startWriterWorker(): Worker {
  return startSourceWorker(WORKER_SOURCE);
}

export class SqliteWriterThread {
  private readonly thread: WorkerRequests;
  private readonly opened: Promise<void>;

  /** A thread that ends fails its writes at once instead of leaving them waiting (holding the store's gate). */
  constructor(file: string, worker: Worker = startWriterWorker()) {
    this.thread = requestsTo(worker, 'the database writer thread');
    this.opened = this.thread.request({ kind: 'open', file });
    // A connection that cannot open never will: the store starts another thread for its next write.
    this.opened.catch((error: Error) => this.thread.end(error));
  }

  /** False once the thread has ended (it failed, was ended, or could not open the file). */
  get alive(): boolean {
    return this.thread.alive();
  }

  /** Runs `statements` in one transaction on the worker's connection (all or nothing). */
  async write(statements: RawStatement[]): Promise<void> {
    await this.opened;
    await this.thread.request({ kind: 'write', statements });
  }

  /** Closes the worker's connection (waiting for its write) and ends the thread. */
  async close(): Promise<void> {
    await this.thread.request({ kind: 'close' }).catch(() => undefined);
    this.thread.end(new Error('the database writer thread is closed'));
  }
}
