import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteWriterThread, startWriterWorker } from '../../src/db/sqlite-writer-thread';

const dir = mkdtempSync(join(tmpdir(), 'wishwell-writer-thread-'));
const file = join(dir, 'views.db');
const setup = new Database(file);
setup.exec('PRAGMA journal_mode = WAL; CREATE TABLE views (page TEXT NOT NULL)');
afterAll(() => {
  setup.close();
  rmSync(dir, { recursive: true, force: true });
});

const view = (page: string) => ({ sql: 'INSERT INTO views (page) VALUES (?)', params: [page] });
const pages = () => setup.query<{ page: string }, []>('SELECT page FROM views ORDER BY rowid').all().map((row) => row.page);

// The store holds its connection gate while the thread writes: a write that never settled would
// stop every database call of the server for good.
describe('SQLite writer thread: a thread that ends', () => {
  it('fails the write it was doing and every later one at once, instead of leaving them waiting', async () => {
    const worker = startWriterWorker();
    const thread = new SqliteWriterThread(file, worker);
    await thread.write([view('/share/1')]);
    const writing = thread.write([view('/share/2')]);
    worker.terminate(); // as when the thread crashes
    await expect(writing).rejects.toThrow('the database writer thread ended');
    expect(thread.alive).toBe(false);
    await expect(thread.write([view('/share/3')])).rejects.toThrow('the database writer thread ended');
    expect(pages()).toContain('/share/1');
    expect(pages()).not.toContain('/share/3');
  });

  it('counts as ended when it cannot open the database, so the store starts another', async () => {
    const thread = new SqliteWriterThread(join(dir, 'missing', 'views.db'));
    await expect(thread.write([view('/share/4')])).rejects.toThrow();
    expect(thread.alive).toBe(false);
  });

  it('keeps writing while alive, all of a batch or none of it', async () => {
    const thread = new SqliteWriterThread(file);
    await expect(thread.write([view('/share/5'), { sql: 'INSERT INTO nowhere VALUES (1)', params: [] }])).rejects.toThrow('no such table');
    await thread.write([view('/share/6')]);
    expect(thread.alive).toBe(true);
    expect(pages()).not.toContain('/share/5');
    expect(pages()).toContain('/share/6');
    await thread.close();
  });
});
