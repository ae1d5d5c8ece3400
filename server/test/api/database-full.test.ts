/**
 * A full disk under the database: a write that cannot be stored answers 507 with the same
 * storage-full message as uploads (in the caller's language), keeps everything saved before,
 * and writes work again once there is room. SQLite on a small tmpfs really filled up.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { temporaryFolders } from '../support/data-dir';
import { mountTmpfs, unmount } from '../support/mounts';
import { startTestServer, TEST_ENGINE } from '../support/test-server';
import { addItem, guestWithList } from '../support/wishlists';

const folder = temporaryFolders('wishwell-full-');
const mounted: string[] = [];
afterAll(() => mounted.forEach(unmount));

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

describe.skipIf(TEST_ENGINE !== 'sqlite')('a full disk under the SQLite database', () => {
  it('answers a write with 507 and the storage-full message, keeps what was saved, and takes writes again once there is room', async (context) => {
    const dataDir = folder();
    if (!mountTmpfs(dataDir, 8)) context.skip(); // mounting needs root
    mounted.push(dataDir);
    const server = await startTestServer({}, dataDir);
    try {
      const { client, list } = await guestWithList(server.url);
      const saved = [(await addItem(client, list._id, { title: 'Saved before' })).title];
      const filler = fillUp(dataDir);
      // The WAL may still have room for a few writes: add until the disk says no.
      let refused: { status: number; body: unknown } | undefined;
      for (let n = 0; n < 500 && !refused; n++) {
        const answer = await client.post(`/wishlists/${list._id}/items`, { title: `Item ${n}`, notes: 'n'.repeat(5000) });
        if (answer.status === 200) saved.push(`Item ${n}`);
        else refused = answer;
      }
      expect(refused).toEqual(expect.objectContaining({ status: 507, body: { message: 'The server has run out of storage space. Nothing was saved; please tell the site operator.' } }));
      const inGerman = await client.post(`/wishlists/${list._id}/items`, { title: 'Auch nicht', notes: 'n'.repeat(5000) }, { headers: { 'accept-language': 'de' } });
      expect(inGerman).toMatchObject({ status: 507, body: { message: 'Auf dem Server ist kein Speicherplatz mehr frei. Es wurde nichts gespeichert; bitte sag dem Betreiber der Seite Bescheid.' } });
      expect(server.output()).toContain('"event":"database.full"');

      rmSync(filler);
      const titles = async () => (await client.get<Wishlist>(`/wishlists/${list._id}`)).body.items.map((item) => item.title);
      expect((await titles()).sort()).toEqual(saved.sort());
      await addItem(client, list._id, { title: 'After the clean-up' });
      expect(await titles()).toContain('After the clean-up');
    } finally {
      await server.stop();
    }
  });
});
