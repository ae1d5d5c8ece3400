import { Database } from 'bun:sqlite';
import { sql } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isConstraintViolation } from '../../src/db/errors';
import { openSqliteStore } from '../../src/db/sqlite-store';
import { openSqliteThread } from '../../src/db/sqlite-thread';

const dir = mkdtempSync(join(tmpdir(), 'wishwell-sqlite-thread-'));
const file = join(dir, 'staged.db');
const setup = new Database(file);
setup.exec('CREATE TABLE lists (id TEXT PRIMARY KEY); CREATE TABLE items (id TEXT PRIMARY KEY, list_id TEXT NOT NULL REFERENCES lists (id))');
afterAll(() => {
  setup.close();
  rmSync(dir, { recursive: true, force: true });
});

const itemIds = () => setup.query<{ id: string }, []>('SELECT id FROM items ORDER BY id').all().map((row) => row.id);

// A restore stages a million rows, builds indexes and runs integrity_check on such a thread:
// seconds during which the server must go on answering.
describe('SQLite connection on a worker thread', () => {
  it('leaves this thread free while a statement runs: a statement waiting on a lock held elsewhere lets timers run, then completes', async () => {
    const staged = await openSqliteThread(file);
    const holder = new Database(file);
    holder.exec('BEGIN EXCLUSIVE');
    let settled = false;
    const insert = staged.db.run(sql`INSERT INTO lists (id) VALUES ('held')`).finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20)); // on this thread the statement would hold everything until its busy timeout
    expect(settled).toBe(false);
    holder.exec('COMMIT');
    holder.close();
    await insert;
    expect(setup.query('SELECT id FROM lists').all()).toEqual([{ id: 'held' }]);
    await staged.close();
  });

  it("rejects a failing statement with SQLite's code (a broken reference is a constraint violation: foreign keys are on) and rolls its transaction back", async () => {
    const staged = await openSqliteThread(file);
    const failing = staged.transaction(async (tx) => {
      await tx.run(sql`INSERT INTO items (id, list_id) VALUES ('kept-out', 'held')`);
      await tx.run(sql`INSERT INTO items (id, list_id) VALUES ('orphan', 'no-such-list')`);
    });
    const error = await failing.catch((failure: unknown) => failure);
    expect(isConstraintViolation(error)).toBe(true);
    expect(itemIds()).toEqual([]);
    await staged.transaction((tx) => tx.run(sql`INSERT INTO items (id, list_id) VALUES ('in', 'held')`));
    expect(itemIds()).toEqual(['in']);
    expect(await staged.db.all(sql`PRAGMA integrity_check`)).toEqual([['ok']]);
    await staged.close();
    await expect(staged.db.run(sql`SELECT 1`)).rejects.toHaveProperty('cause.message', 'the SQLite connection is closed');
  });

  it('fails at once when it cannot open the file', async () => {
    await expect(openSqliteThread(join(dir, 'missing.db'), { readonly: true })).rejects.toThrow();
  });
});

describe('a closed SQLite store', () => {
  // The staging file is built by the store's migrations, then loaded on the thread, which must
  // switch its journal mode: a connection left open (a statement never finalized) refused that.
  it('has closed its connection: the write-ahead log is gone and another connection may change the journal mode', async () => {
    const built = join(dir, 'built.db');
    await openSqliteStore(built).close();
    expect(existsSync(`${built}-wal`)).toBe(false);
    const next = new Database(built);
    expect(next.query('PRAGMA journal_mode = DELETE').get()).toEqual({ journal_mode: 'delete' });
    next.close();
  });
});
