import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteThread, startSqliteWorker } from '../../src/db/sqlite-thread';

const dir = mkdtempSync(join(tmpdir(), 'wishwell-thread-batches-'));
const file = join(dir, 'views.db');
const setup = new Database(file);
setup.exec('PRAGMA journal_mode = WAL; CREATE TABLE views (page TEXT NOT NULL)');
afterAll(() => {
  setup.close();
  rmSync(dir, { recursive: true, force: true });
});

const view = (page: string) => ({ sql: 'INSERT INTO views (page) VALUES (?)', params: [page] });
const pages = () => setup.query<{ page: string }, []>('SELECT page FROM views ORDER BY rowid').all().map((row) => row.page);

// The visitor log's batches go to such a thread while the store holds its connection gate: a
// write that never settled would stop every database call of the server for good.
describe('SQLite thread batches: a thread that ends', () => {
  it('fails the batch it was writing and every later one at once, instead of leaving them waiting', async () => {
    const worker = startSqliteWorker();
    const thread = await openSqliteThread(file, { synchronousNormal: true }, worker);
    await thread.writeBatch([view('/share/1')]);
    const writing = thread.writeBatch([view('/share/2')]);
    worker.terminate(); // as when the thread crashes
    await expect(writing).rejects.toThrow('the SQLite worker thread ended');
    expect(thread.alive).toBe(false);
    await expect(thread.writeBatch([view('/share/3')])).rejects.toThrow('the SQLite worker thread ended');
    expect(pages()).toContain('/share/1');
    expect(pages()).not.toContain('/share/3');
  });

  it('cannot be opened on a database that cannot be, so the store tries a new thread at its next write', async () => {
    await expect(openSqliteThread(join(dir, 'missing', 'views.db'), { synchronousNormal: true })).rejects.toThrow();
  });

  it('writes all of a batch or none of it, and goes on writing after a failed one', async () => {
    const thread = await openSqliteThread(file, { synchronousNormal: true });
    await expect(thread.writeBatch([view('/share/5'), { sql: 'INSERT INTO nowhere VALUES (1)', params: [] }])).rejects.toThrow('no such table');
    await thread.writeBatch([view('/share/6')]);
    expect(thread.alive).toBe(true);
    expect(pages()).not.toContain('/share/5');
    expect(pages()).toContain('/share/6');
    await thread.close();
    expect(thread.alive).toBe(false);
  });
});
