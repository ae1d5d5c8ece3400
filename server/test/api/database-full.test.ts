/**
 * A full disk under the database: a write that cannot be stored answers 507 with the same
 * storage-full message as uploads (in the caller's language), keeps everything saved before,
 * and writes work again once there is room; a server told to stop while the disk is full still
 * stops. Real full disks: SQLite's data dir, or the
 * PostgreSQL tablespace holding the items, on a small tmpfs (mounting needs root: skipped elsewhere).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { SQL } from 'bun';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { temporaryFolders } from '../support/data-dir';
import { mountTmpfs, unmount } from '../support/mounts';
import { startServerProcess, TEST_ENGINE, type TestServer } from '../support/test-server';
import { addItem, guestWithList } from '../support/wishlists';

const folder = temporaryFolders('wishwell-full-');
const mounted: string[] = [];
afterAll(() => mounted.forEach(unmount));

/** A fresh folder with a tmpfs of `megabytes` on it, or null where mounting is not permitted. */
function smallDisk(megabytes: number, options = ''): string | null {
  const dir = folder();
  if (!mountTmpfs(dir, megabytes, options)) return null;
  mounted.push(dir);
  return dir;
}

/** Writes a file in `dir` until the file system has no byte left; answers its path. */
function fillUp(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 9, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

/** Notes that do not compress (PostgreSQL would otherwise store them in a few bytes). */
const notes = () => randomBytes(2500).toString('hex');

/**
 * Adds items to a list on `server` until the disk, filled by `fill`, refuses one; checks the
 * answers, then `free`s the disk and checks that nothing saved was lost and writes work again.
 */
async function refusedWhenFull(server: TestServer, fill: () => unknown, free: () => unknown): Promise<void> {
  const { client, list } = await guestWithList(server.url);
  const saved = [(await addItem(client, list._id, { title: 'Saved before' })).title];
  await fill();
  // Space already taken (SQLite's WAL, PostgreSQL's last page) may still hold a few: add until the disk says no.
  let refused: { status: number; body: unknown } | undefined;
  for (let n = 0; n < 2000 && !refused; n++) {
    const answer = await client.post(`/wishlists/${list._id}/items`, { title: `Item ${n}`, notes: notes() });
    if (answer.status === 200) saved.push(`Item ${n}`);
    else refused = answer;
  }
  expect(refused).toEqual(expect.objectContaining({ status: 507, body: { message: 'The server has run out of storage space. Nothing was saved; please tell the site operator.' } }));
  const inGerman = await client.post(`/wishlists/${list._id}/items`, { title: 'Auch nicht', notes: notes() }, { headers: { 'accept-language': 'de' } });
  expect(inGerman).toMatchObject({ status: 507, body: { message: 'Auf dem Server ist kein Speicherplatz mehr frei. Es wurde nichts gespeichert; bitte sag dem Betreiber der Seite Bescheid.' } });
  expect(server.output()).toContain('"event":"database.full"');

  await free();
  const titles = async () => (await client.get<Wishlist>(`/wishlists/${list._id}`)).body.items.map((item) => item.title);
  expect((await titles()).sort()).toEqual(saved.sort());
  await addItem(client, list._id, { title: 'After the clean-up' });
  expect(await titles()).toContain('After the clean-up');
}

describe.skipIf(TEST_ENGINE !== 'sqlite')('a full disk under the SQLite database', () => {
  it('answers a write with 507 and the storage-full message, keeps what was saved, and takes writes again once there is room', async (context) => {
    const dataDir = smallDisk(8);
    if (!dataDir) return context.skip();
    let server = await startServerProcess({}, dataDir);
    try {
      let filler = '';
      await refusedWhenFull(server, () => (filler = fillUp(dataDir)), async () => {
        // Told to stop while the disk is still full, it closes the database and exits; started again, it has all that was saved.
        expect(await server.signal('SIGTERM')).toBe(0);
        rmSync(filler);
        server = await startServerProcess({}, dataDir, Number(new URL(server.url).port));
      });
    } finally {
      await server.stop();
    }
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('a full disk under the PostgreSQL tablespace of the items', () => {
  it('answers a write with 507 (disk_full, 53100) and the storage-full message, keeps what was saved, and takes writes again once there is room', async (context) => {
    // The cluster's own user must own a tablespace's folder.
    const postgres = Bun.spawnSync(['id', '-u', 'postgres']).stdout.toString().trim();
    const tablespaceDir = postgres ? smallDisk(1, `uid=${postgres},gid=${postgres},mode=0700`) : null;
    if (!tablespaceDir) return context.skip();
    const server = await startServerProcess({}, folder());
    const sql = new SQL(server.databaseUrl!, { max: 1 });
    const [found] = await sql`SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables WHERE tablename = 'items' LIMIT 1`;
    const items = (found as { name: string }).name;
    try {
      await sql.unsafe(`CREATE TABLESPACE wishwell_full LOCATION '${tablespaceDir}'`);
      await refusedWhenFull(
        server,
        () => sql.unsafe(`ALTER TABLE ${items} SET TABLESPACE wishwell_full`), // 1 MB: the items soon fill it
        () => sql.unsafe(`ALTER TABLE ${items} SET TABLESPACE pg_default`),
      );
    } finally {
      await server.stop();
      await sql.unsafe(`ALTER TABLE ${items} SET TABLESPACE pg_default`).catch(() => undefined);
      await sql.unsafe('DROP TABLESPACE IF EXISTS wishwell_full').catch(() => undefined);
      await sql.close();
    }
  });
});
