/**
 * A worker thread with its own connection to the database file, for bulk writes the request
 * thread should not spend its CPU on (the visitor log's batches). The store holds its connection
 * gate while the worker writes, so the two connections never write at once and neither waits in
 * SQLite's busy handler; the request thread meanwhile answers everything but database calls.
 */
import { startSourceWorker } from './source-worker';
import type { RawStatement } from './store';

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
self.onmessage = ({ data }) => {
  try {
    handlers[data.kind](data);
    postMessage({ id: data.id, ok: true });
  } catch (error) {
    postMessage({ id: data.id, ok: false, message: String(error && error.message || error), code: error && error.code });
  }
};
`;

type Reply = { id: number; ok: boolean; message?: string; code?: string };

/** The thread's worker, not yet opened on a file (a test may end it to see the store cope). */
export function startWriterWorker(): Worker {
  return startSourceWorker(WORKER_SOURCE);
}

export class SqliteWriterThread {
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private readonly opened: Promise<void>;
  /** Why the thread ended, once it has: its writes then fail at once instead of waiting for ever (holding the store's gate). */
  private ended: Error | null = null;

  constructor(
    file: string,
    private readonly worker: Worker = startWriterWorker(),
  ) {
    this.worker.onmessage = ({ data }: MessageEvent<Reply>) => this.settle(data);
    this.worker.onerror = (event) => this.end(new Error(`the database writer thread failed: ${event.message}`));
    this.worker.addEventListener('close', () => this.end(new Error('the database writer thread ended')));
    this.opened = this.request({ kind: 'open', file });
    // A connection that cannot open never will: the store starts another thread for its next write.
    this.opened.catch((error: Error) => this.end(error));
  }

  /** False once the thread has ended (it failed, was ended, or could not open the file). */
  get alive(): boolean {
    return this.ended === null;
  }

  /** Runs `statements` in one transaction on the worker's connection (all or nothing). */
  async write(statements: RawStatement[]): Promise<void> {
    await this.opened;
    await this.request({ kind: 'write', statements });
  }

  /** Closes the worker's connection (waiting for its write) and ends the thread. */
  async close(): Promise<void> {
    await this.request({ kind: 'close' }).catch(() => undefined);
    this.worker.terminate();
  }

  private request(message: Record<string, unknown>): Promise<void> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private settle({ id, ok, message, code }: Reply): void {
    const waiting = this.pending.get(id);
    this.pending.delete(id);
    if (ok) waiting?.resolve();
    else waiting?.reject(Object.assign(new Error(message), { code }));
  }

  private end(error: Error): void {
    this.ended ??= error;
    this.worker.terminate();
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
