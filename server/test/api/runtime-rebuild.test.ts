/**
 * A runtime rebuild (what a restore does: close store and services, swap data, build them again)
 * keeps the listener serving: requests that arrive meanwhile wait and are answered by the new
 * runtime, none is refused or dropped, and the port never changes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SharedWishlist } from '@wishwell/shared/wishlist-types';
import { loadConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { migratedTestDatabase } from '../support/engine';
import { TEST_HASH_COST } from '../support/hash-cost';
import { TEST_RATE_LIMITS } from '../support/test-server';
import { waitUntil } from '../support/wait';
import { addItem, guestWithList } from '../support/wishlists';

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-rebuild-'));
let server: RunningServer;
let url = '';

// The real server in the test worker, from the run's migrated template (startTestServer's
// TestServer has no rebuild: only a restore calls it).
beforeAll(async () => {
  const databaseUrl = await migratedTestDatabase(dataDir);
  const env = { ...process.env, ...TEST_RATE_LIMITS, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  server = await startServer({ ...loadConfig(['--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], env), passwordHashCost: TEST_HASH_COST });
  url = server.url;
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers every request sent while the runtime is rebuilt, from the same listener, with the data intact', async () => {
  const { client, list } = await guestWithList(url);
  await addItem(client, list._id, { title: 'Still here' });
  const shareView = () => fetch(`${url}/api/v1/wishlists/share/${list._id}`);
  let sending = true;
  const answers: number[] = [];
  const failures: unknown[] = [];
  const traffic = (async () => {
    while (sending) {
      try {
        answers.push((await shareView()).status);
      } catch (error) {
        failures.push(error);
      }
    }
  })();
  await waitUntil(() => answers.length > 0, 'traffic answered before the rebuild');
  // The swap (a restore's) holds until the test lets it finish: the traffic meanwhile meets the
  // listener with the old runtime closed and the new one not yet built.
  let swapping = false;
  let finishSwap!: () => void;
  const swap = () => {
    swapping = true;
    return new Promise<void>((resolve) => (finishSwap = resolve));
  };
  let rebuilt = false;
  const rebuilding = server.rebuild(swap).then(() => (rebuilt = true));
  await waitUntil(() => swapping, 'the swap to start');
  const sentDuringRebuild = shareView();
  expect(rebuilt).toBe(false);
  finishSwap();
  await rebuilding;
  expect((await sentDuringRebuild).status).toBe(200);
  const answeredBeforeTheNewRuntime = answers.length;
  await waitUntil(() => answers.length > answeredBeforeTheNewRuntime + 1, 'traffic answered by the rebuilt runtime');
  sending = false;
  await traffic;
  expect(failures).toEqual([]);
  expect(new Set(answers)).toEqual(new Set([200]));
  const after = (await (await shareView()).json()) as SharedWishlist;
  expect(after.items.map((item) => item.title)).toEqual(['Still here']);
  expect((await client.post(`/wishlists/${list._id}/items`, { title: 'Added after' })).status).toBe(200);
});
