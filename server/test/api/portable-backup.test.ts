import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { downloadBackup, restoreBackup, uploadPng, waitFor } from '../support/backups';
import { databaseContents } from '../support/database-contents';
import { uploadHashes } from '../support/data-dir';
import { startTestServer, TEST_ENGINE, type TestServer } from '../support/test-server';
import { addItem, guestWithList, signUp, type Account } from '../support/wishlists';
import type { Engine } from '../../src/db/store';

// A backup is portable: taken on SQLite it restores into PostgreSQL and back (the migration path
// of a self-hoster who grows). Needs both engines: runs in the PostgreSQL run.
const servers: TestServer[] = [];
let source: TestServer;
let ada: Account;

async function start(engine: Engine): Promise<TestServer> {
  const server = await startTestServer({}, undefined, 0, engine);
  servers.push(server);
  return server;
}

/** Every row of the server's database, but the token versions (a restore moves them on to retire old sessions). */
async function contents(server: TestServer) {
  const store = await server.openStore();
  try {
    const all = await databaseContents(store);
    all.users = all.users!.map((user) => ({ ...(user as object), tokenVersion: 'moved on' }));
    return all;
  } finally {
    await store.close();
  }
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

describe.skipIf(TEST_ENGINE !== 'postgres')('a backup moves between engines', () => {
  beforeAll(async () => {
    source = await start('sqlite');
    ada = await signUp(source.url, 'Ada');
    const bob = await signUp(source.url, 'Bob');
    const list = (await bob.client.post('/wishlists', { name: 'Birthday', coverImage: await uploadPng(bob.client) })).body;
    await addItem(bob.client, list._id, { title: 'Teapot', price: '24.50', quantity: 3, description: 'Blue, with a lid', notes: 'Ünïcödé ✓' });
    await addItem(bob.client, list._id, { title: 'Kite', url: 'https://shop.example/kite' });
    const { client: guest, list: guestList } = await guestWithList(source.url);
    const wish = await addItem(guest, guestList._id, { title: 'Guest wish', quantity: 2 });
    await new ApiClient(source.url).put(`/wishlists/share/${guestList._id}/items/${wish._id}`, { purchasedBy: 'Aunt May', quantityPurchased: 1 });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });

  it('SQLite -> PostgreSQL -> SQLite: every row and upload equal', async () => {
    const expected = await contents(source);
    expect(expected.items).toHaveLength(3);

    const postgres = await start('postgres');
    await restoreInto(postgres, await downloadBackup(await adaOn(source)));
    expect(await contents(postgres)).toEqual(expected);
    expect(uploadHashes(postgres.dataDir)).toEqual(uploadHashes(source.dataDir));

    const sqliteAgain = await start('sqlite');
    await restoreInto(sqliteAgain, await downloadBackup(await adaOn(postgres)));
    expect(await contents(sqliteAgain)).toEqual(expected);
    expect(uploadHashes(sqliteAgain.dataDir)).toEqual(uploadHashes(source.dataDir));
    expect(Object.keys(uploadHashes(source.dataDir))).toHaveLength(1);
  });
});
