import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { downloadBackup, restoreBackup, waitFor } from '../support/backups';
import { copiedContents } from '../support/database-contents';
import { uploadHashes } from '../support/data-dir';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, seedSampleInstance, signUp, type Account } from '../support/wishlists';
import type { Engine } from '../../src/db/store';

// A backup is portable: taken on SQLite it restores into PostgreSQL and back (the migration path
// of a self-hoster who grows). Needs both engines: runs in the PostgreSQL run.
const servers: TestServer[] = [];
let source: TestServer;
let ada: Account;

// Every server here hashes at the test cost, the processes started beside the first too: a sign-in
// on a server of another cost would rehash Ada's password, and her row would differ for that alone.
async function start(engine: Engine): Promise<TestServer> {
  const server = await startTestServer({ engine });
  servers.push(server);
  return server;
}

/** Restores `backup` into `target` through the API, as the first account of a fresh server (its admin); waits for the swap. */
async function restoreInto(target: TestServer, backup: Buffer): Promise<void> {
  const targetAdmin = await signUp(target.url, 'Target admin');
  expect((await restoreBackup(targetAdmin.client, backup)).status).toBe(200);
  await waitFor(async () => (await targetAdmin.client.get('/users/profile')).status === 401);
}

/** Ada (an admin in the source data) signed in on `server`. */
async function adaOn(server: TestServer): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  expect((await client.post('/users/login', { email: ada.email, password: 'correct horse battery' })).status).toBe(200);
  return client;
}

describe('a backup moves between engines', () => {
  beforeAll(async () => {
    source = await start('sqlite');
    ada = await seedSampleInstance(source.url);
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('SQLite -> PostgreSQL -> SQLite: every row and upload equal', async () => {
    const expected = await copiedContents(source);
    expect(expected.items).toHaveLength(3);

    const postgres = await start('postgres');
    await restoreInto(postgres, await downloadBackup(await adaOn(source)));
    expect(await copiedContents(postgres)).toEqual(expected);
    expect(uploadHashes(postgres.dataDir)).toEqual(uploadHashes(source.dataDir));

    const sqliteAgain = await start('sqlite');
    await restoreInto(sqliteAgain, await downloadBackup(await adaOn(postgres)));
    expect(await copiedContents(sqliteAgain)).toEqual(expected);
    expect(uploadHashes(sqliteAgain.dataDir)).toEqual(uploadHashes(source.dataDir));
    expect(Object.keys(uploadHashes(source.dataDir))).toHaveLength(1);

    // PostgreSQL loads with the shop totals' triggers off and counts the totals after: they are on again.
    const onPostgres = await adaOn(postgres);
    const list = (await onPostgres.post('/wishlists', { name: 'After the restore' })).body;
    await addItem(onPostgres, list._id, { title: 'Ball', url: 'https://shop.example/ball' });
    const shopCount = (contents: Record<string, unknown[]>) =>
      (contents.shop_totals as { shopDomain: string; itemCount: number }[]).find((row) => row.shopDomain === 'shop.example')?.itemCount;
    expect(shopCount(await copiedContents(postgres))).toBe(shopCount(expected)! + 1);
  });
});
