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

export class SqliteWriterThread {
  private readonly worker = startSourceWorker(WORKER_SOURCE);
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private readonly opened: Promise<void>;

  constructor(file: string) {
    this.worker.onmessage = ({ data }: MessageEvent<Reply>) => this.settle(data);
    this.worker.onerror = (event) => this.failAll(new Error(`the database writer thread failed: ${event.message}`));
    this.opened = this.request({ kind: 'open', file });
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

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
