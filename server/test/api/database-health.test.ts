/**
 * Finding 6 (the damaged-file cases are about the SQLite file): a damaged database is refused at start with a message that
 * names the newest backup; damage found while running turns /health unhealthy; start-up errors
 * are in plain words.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Database } from 'bun:sqlite';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { mountReadOnly, unmount } from '../support/mounts';
import { startServerProcess, startTestServer, TEST_RATE_LIMITS } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'main.ts');
const PAGE = 4096;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wishwell-health-'));
  dirs.push(dir);
  return dir;
}

/** Runs `wishwell serve` expecting it to refuse to start; answers its exit code and output. */
async function failedStart(dataDir: string): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(['bun', MAIN, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], {
    env: { ...process.env, ...TEST_RATE_LIMITS },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  clearTimeout(timer);
  return { code, output: out + err };
}

/** Overwrites pages [from, to) of the file with garbage, as a failing disk or a stray write would. */
function overwritePages(file: string, from: number, to: number): void {
  const fd = openSync(file, 'r+');
  const garbage = Buffer.alloc(PAGE, 0xa5);
  for (let page = from; page < to; page++) writeSync(fd, garbage, 0, PAGE, page * PAGE);
  closeSync(fd);
}

/** A list whose items fill several MB, more than SQLite keeps in its page cache. */
function growItems(dbFile: string, copies: number): void {
  const db = new Database(dbFile);
  const columns = db.query<{ name: string }, []>('SELECT name FROM pragma_table_info(\'items\')').all().map((c) => c.name);
  const values = columns.map((c) => (c === 'id' ? 'lower(hex(randomblob(12)))' : c === 'notes' ? 'hex(randomblob(1000))' : c));
  db.run(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${copies})
     INSERT INTO items (${columns.join(', ')}) SELECT ${values.join(', ')} FROM items, n`,
  );
  db.run('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
}

/** A data dir whose admin (its first account) has a list of one item grown to `copies` + 1 items; no server left running. */
async function adminWithBigList(copies: number): Promise<{ dataDir: string; admin: Account }> {
  const dataDir = freshDir();
  const server = await startTestServer({}, dataDir);
  const admin = await signUp(server.url, 'Admin');
  const list = (await admin.client.post<Wishlist>('/wishlists', { name: 'Big', theme: 'Other' })).body;
  await addItem(admin.client, list._id);
  await server.stop();
  growItems(join(dataDir, 'wishwell.db'), copies);
  return { dataDir, admin };
}

describe('a damaged database file', () => {
  it('is refused at start, naming the newest backup and how to restore it, and left unchanged', async () => {
    const dataDir = freshDir();
    const server = await startTestServer({}, dataDir);
    const owner = await signUp(server.url, 'Olivia');
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday', theme: 'Birthday' })).body;
    await addItem(owner.client, list._id);
    await server.stop();
    const dbFile = join(dataDir, 'wishwell.db');
    growItems(dbFile, 500);
    mkdirSync(join(dataDir, 'backups'));
    const older = join(dataDir, 'backups', 'wishlist-backup-2026-11-01T10-00-00.gz');
    const newer = join(dataDir, 'backups', 'wishlist-backup-2026-11-20T10-00-00.gz');
    writeFileSync(older, 'old');
    writeFileSync(newer, 'new');
    utimesSync(older, new Date('2026-11-01'), new Date('2026-11-01'));
    utimesSync(newer, new Date('2026-11-20'), new Date('2026-11-20'));
    const pages = statSync(dbFile).size / PAGE;
    overwritePages(dbFile, 2, Math.floor(pages / 2));
    const damaged = readFileSync(dbFile);

    const { code, output } = await failedStart(dataDir);
    expect(code).not.toBe(0);
    expect(output).toContain(`The database file ${dbFile} is damaged`);
    expect(output).toContain(`The newest backup is ${newer}`);
    expect(output).toContain('mv ');
    expect(output).not.toMatch(/listening on/);
    expect(readFileSync(dbFile).equals(damaged)).toBe(true);
  });

  it('found while running makes /health unhealthy; the admin check lists the problems', async () => {
    const { dataDir, admin } = await adminWithBigList(3000); // ~6 MB of items: most pages are not in SQLite's 2 MB cache
    const dbFile = join(dataDir, 'wishwell.db');
    const server = await startTestServer({}, dataDir);
    try {
      const signedIn: Account = { ...admin, client: new ApiClient(server.url) };
      const login = await signedIn.client.post('/users/login', { email: admin.email, password: 'correct horse battery' });
      expect(login.status).toBe(200);
      expect((await signedIn.client.get('/health/database')).body.status).toBe('ok');
      expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);

      const pages = statSync(dbFile).size / PAGE;
      overwritePages(dbFile, Math.floor(pages / 4), Math.floor((pages * 3) / 4));
      const check = await signedIn.client.get('/health/database');
      expect(check.status).toBe(503);
      expect(check.body.status).toBe('damaged');
      expect(check.body.problems.length).toBeGreaterThan(0);
      const health = await fetch(`${server.url}/api/v1/health`);
      expect(health.status).toBe(503);
      expect((await health.json()).status).toBe('unhealthy');
    } finally {
      await server.stop();
    }
  });
});

describe("the admin's full check", () => {
  it('reads the file beside the requests: the site keeps answering while it runs', async () => {
    const { dataDir, admin } = await adminWithBigList(10_000); // ~20 MB: the check reads every page of it
    // A process of its own: the test's requests must not share the server's thread.
    const server = await startServerProcess({}, dataDir);
    try {
      const client = new ApiClient(server.url);
      expect((await client.post('/users/login', { email: admin.email, password: 'correct horse battery' })).status).toBe(200);
      let answered = 0;
      let answeredBeforeTheCheck = -1;
      const checking = client.get<{ status: string }>('/health/database').then((check) => {
        answeredBeforeTheCheck = answered;
        return check;
      });
      // On the store's own connection, the check held every request until it ended (one could slip in before it began).
      for (let i = 0; i < 5; i++) {
        expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
        answered += 1;
      }
      expect((await checking).body.status).toBe('ok');
      expect(answeredBeforeTheCheck).toBeGreaterThanOrEqual(3);
    } finally {
      await server.stop();
    }
  });
});

describe('start-up errors', () => {
  it('say in plain words that the data directory cannot be created', async () => {
    const blocker = join(freshDir(), 'not-a-folder');
    writeFileSync(blocker, 'a file where the data directory should be');
    const { code, output } = await failedStart(join(blocker, 'data'));
    expect(code).not.toBe(0);
    expect(output).toContain(`The data directory ${join(blocker, 'data')} cannot be created: a file is in the way`);
  });

  /** A data dir with an account in its healthy database, no server running on it. */
  async function healthyDataDir(): Promise<{ dataDir: string; account: Account }> {
    const dataDir = freshDir();
    const server = await startTestServer({}, dataDir);
    const account = await signUp(server.url, 'Reader');
    await server.stop();
    return { dataDir, account };
  }

  /** Starts on `dataDir` as it is now: the account still signs in, so nothing was lost. */
  async function startsWithAccount(dataDir: string, account: Account): Promise<void> {
    const server = await startTestServer({}, dataDir);
    try {
      expect((await new ApiClient(server.url).post('/users/login', { email: account.email, password: 'correct horse battery' })).status).toBe(200);
    } finally {
      await server.stop();
    }
  }

  const unwritable = (dataDir: string, code: string) =>
    `The data directory ${dataDir} or a file in it is read-only or not writable by the user running Wishwell (${code}). Nothing was changed: this is a matter of permissions, not a damaged database.`;

  it('say that a read-only data directory needs write access, not that its healthy database is damaged', async (context) => {
    const { dataDir, account } = await healthyDataDir();
    if (!mountReadOnly(dataDir)) context.skip(); // mounting needs root
    let failed: { code: number; output: string };
    try {
      failed = await failedStart(dataDir);
    } finally {
      unmount(dataDir);
    }
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain(unwritable(dataDir, 'SQLITE_CANTOPEN'));
    expect(failed.output).toContain('give that user write access to the folder and every file in it');
    expect(failed.output).not.toContain('damaged, so Wishwell will not start');
    await startsWithAccount(dataDir, account);
  }, 60_000);

  it('say that a database file this user may not write needs write access, before any request fails on it', async (context) => {
    const { dataDir, account } = await healthyDataDir();
    const file = join(dataDir, 'wishwell.db');
    // chmod does not stop root; an immutable file does (chattr needs root and a file system that has the flag).
    if (Bun.spawnSync(['chattr', '+i', file]).exitCode !== 0) context.skip();
    let failed: { code: number; output: string };
    try {
      failed = await failedStart(dataDir);
    } finally {
      Bun.spawnSync(['chattr', '-i', file]);
    }
    expect(failed.code).not.toBe(0);
    expect(failed.output).toContain(unwritable(dataDir, 'SQLITE_READONLY'));
    expect(failed.output).not.toContain('damaged, so Wishwell will not start');
    await startsWithAccount(dataDir, account);
  }, 60_000);
});
