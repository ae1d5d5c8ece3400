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
import { testDatabaseUrl } from '../support/engine';
import { TEST_RATE_LIMITS } from '../support/test-server';
import { addItem, guestWithList } from '../support/wishlists';

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-rebuild-'));
let child: Bun.Subprocess<'ignore', 'pipe', 'inherit'>;
let output = '';
let url = '';

beforeAll(async () => {
  const databaseUrl = await testDatabaseUrl(dataDir);
  child = Bun.spawn(['bun', join(import.meta.dirname, '..', 'support', 'rebuild-harness.ts'), '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], {
    env: { ...process.env, ...TEST_RATE_LIMITS, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  void (async () => {
    const reader = child.stdout.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) output += new TextDecoder().decode(chunk.value);
  })();
  url = (await waitForOutput(/listening on (http:\/\/\S+)/))[1]!;
});
afterAll(async () => {
  child.kill('SIGTERM');
  await child.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForOutput(pattern: RegExp): Promise<RegExpMatchArray> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await Bun.sleep(20)) {
    const match = output.match(pattern);
    if (match) return match;
  }
  throw new Error(`no ${pattern} in:\n${output}`);
}

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
  await Bun.sleep(100);
  child.kill('SIGUSR2');
  await Bun.sleep(100); // the swap takes 300 ms: this request arrives in the middle of the rebuild
  const sentDuringRebuild = shareView();
  expect(output).not.toContain('rebuilt');
  await waitForOutput(/rebuilt/);
  expect((await sentDuringRebuild).status).toBe(200);
  await Bun.sleep(100);
  sending = false;
  await traffic;
  expect(failures).toEqual([]);
  expect(new Set(answers)).toEqual(new Set([200]));
  const after = (await (await shareView()).json()) as SharedWishlist;
  expect(after.items.map((item) => item.title)).toEqual(['Still here']);
  expect((await client.post(`/wishlists/${list._id}/items`, { title: 'Added after' })).status).toBe(200);
});
