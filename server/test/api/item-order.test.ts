import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { TEST_ENGINE, testDatabaseUrl } from '../support/engine';
import { TEST_HASH_COST } from '../support/hash-cost';
import { createOldDatabase } from '../support/old-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { addEditor, addItem, guestWithList, signUp, type Account } from '../support/wishlists';

let server: TestServer;
let owner: Account;
let editor: Account;
let stranger: Account;
let admin: Account;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUp(server.url, 'Admin');
  owner = await signUp(server.url, 'Olivia Owner');
  editor = await signUp(server.url, 'Eddie Editor');
  stranger = await signUp(server.url, 'Sam Stranger');
});
afterAll(() => server.stop());

/** A list of `owner` with `titles` added in that order, and `editor` as its editor. */
async function listWith(titles: readonly string[]) {
  const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Order', theme: 'Birthday' })).body;
  await addEditor(server.output, owner, list._id, editor);
  const ids: string[] = [];
  for (const title of titles) ids.push((await addItem(owner.client, list._id, { title }))._id);
  return { listId: list._id, ids };
}

const titlesOwnerSees = async (client: ApiClient, listId: string) =>
  (await client.get<Wishlist>(`/wishlists/${listId}`)).body.items.map((item) => item.title);
const titlesGuestsSee = async (listId: string) =>
  (await new ApiClient(server.url).get<Wishlist>(`/wishlists/share/${listId}`)).body.items.map((item) => item.title);

describe('the order of a list\u2019s items', () => {
  it('lists new items after the ones already there', async () => {
    const { listId } = await listWith(['First', 'Second', 'Third']);
    expect(await titlesOwnerSees(owner.client, listId)).toEqual(['First', 'Second', 'Third']);
  });

  it('keeps the order the owner sets, for the owner, editors and guests, with new items at the end', async () => {
    const { listId, ids } = await listWith(['A', 'B', 'C', 'D']);
    const res = await owner.client.put(`/wishlists/${listId}/items/order`, { itemIds: [ids[2], ids[0], ids[3], ids[1]] });
    expect(res.status).toBe(200);
    await addItem(editor.client, listId, { title: 'E' });
    expect(await titlesOwnerSees(owner.client, listId)).toEqual(['C', 'A', 'D', 'B', 'E']);
    expect(await titlesOwnerSees(editor.client, listId)).toEqual(['C', 'A', 'D', 'B', 'E']);
    expect(await titlesGuestsSee(listId)).toEqual(['C', 'A', 'D', 'B', 'E']);
  });

  it('refuses an order that leaves an item out, names one twice or names another list\u2019s item, changing nothing', async () => {
    const { listId, ids } = await listWith(['A', 'B', 'C']);
    const other = await listWith(['Elsewhere']);
    const message = 'The new order must name every item of this wishlist exactly once. If the list changed meanwhile, reload it and try again.';
    for (const itemIds of [[ids[1], ids[0]], [ids[2], ids[1], ids[0], ids[0]], [ids[2], ids[1], other.ids[0]], [ids[2], ids[1], 'no-such-item']]) {
      const res = await owner.client.put(`/wishlists/${listId}/items/order`, { itemIds });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const badShape = await owner.client.put(`/wishlists/${listId}/items/order`, { itemIds: 'A,B,C' });
    expect([badShape.status, badShape.body.message]).toEqual([400, message]);
    expect(await titlesOwnerSees(owner.client, listId)).toEqual(['A', 'B', 'C']);
    expect(await titlesOwnerSees(owner.client, other.listId)).toEqual(['Elsewhere']);
  });

  it('answers in the caller\u2019s language', async () => {
    const { listId, ids } = await listWith(['A', 'B']);
    const res = await owner.client.call('PUT', `/wishlists/${listId}/items/order`, { itemIds: [ids[0]] }, { headers: { 'Accept-Language': 'de' } });
    expect([res.status, res.body.message]).toEqual([400, expect.stringContaining('Die neue Reihenfolge muss jeden Artikel')]);
  });

  it('applies orders sent at once one after the other: the last wins whole, no item lost or doubled', async () => {
    const titles = Array.from({ length: 12 }, (_, index) => `Item ${index + 1}`);
    const { listId, ids } = await listWith(titles);
    const orders = [[...ids].reverse(), [...ids.slice(5), ...ids.slice(0, 5)], [...ids.slice(1), ids[0]!]];
    const answers = await Promise.all(orders.map((itemIds, index) => (index % 2 ? editor : owner).client.put(`/wishlists/${listId}/items/order`, { itemIds })));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    const byId = new Map(ids.map((id, index) => [id, titles[index]!]));
    expect(orders.map((order) => order.map((id) => byId.get(id)!))).toContainEqual(await titlesOwnerSees(owner.client, listId));
  });

  it('an item added while an order is sent ends up last, whether the order came before it or was refused for missing it', async () => {
    const titles = Array.from({ length: 12 }, (_, index) => `Item ${index + 1}`);
    const { listId, ids } = await listWith(titles);
    const [reorder] = await Promise.all([
      owner.client.put(`/wishlists/${listId}/items/order`, { itemIds: [...ids].reverse() }),
      addItem(editor.client, listId, { title: 'Added meanwhile' }),
    ]);
    expect([200, 400]).toContain(reorder.status);
    const kept = reorder.status === 200 ? [...titles].reverse() : titles;
    expect(await titlesOwnerSees(owner.client, listId)).toEqual([...kept, 'Added meanwhile']);
  });
});

describe('who may set the order', () => {
  const actors = ['owner', 'editor', 'guest', 'stranger', 'admin', 'signed out'] as const;
  // A guest is a visitor who opened the share page: they may look, not arrange.
  const expected = [200, 200, 401, 403, 403, 401];
  const clientOf = async (actor: (typeof actors)[number], listId: string) => {
    if (actor === 'guest') {
      const guest = new ApiClient(server.url);
      expect((await guest.get(`/wishlists/share/${listId}`)).status).toBe(200);
      return guest;
    }
    return actor === 'signed out' ? new ApiClient(server.url) : { owner, editor, stranger, admin }[actor].client;
  };
  it.each(actors.map((actor, index) => [actor, expected[index]!] as const))('%s: %i', async (actor, status) => {
    const { listId, ids } = await listWith(['A', 'B']);
    const res = await (await clientOf(actor, listId)).put(`/wishlists/${listId}/items/order`, { itemIds: [ids[1], ids[0]] });
    expect(res.status).toBe(status);
    expect(await titlesOwnerSees(owner.client, listId)).toEqual(status === 200 ? ['B', 'A'] : ['A', 'B']);
  });

  it('the holder of a guest list (no account) may set it', async () => {
    const { client, list } = await guestWithList(server.url);
    const first = await addItem(client, list._id, { title: 'One' });
    const second = await addItem(client, list._id, { title: 'Two' });
    expect((await client.put(`/wishlists/${list._id}/items/order`, { itemIds: [second._id, first._id] })).status).toBe(200);
    expect(await titlesOwnerSees(client, list._id)).toEqual(['Two', 'One']);
    expect((await stranger.client.put(`/wishlists/${list._id}/items/order`, { itemIds: [first._id, second._id] })).status).toBe(403);
  });
});

describe(`upgrading a database with items (${TEST_ENGINE})`, () => {
  beforeAll(() => server.stop()); // done with the file's server: this group's own then runs in the test worker, not as a process
  const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-upgrade-order-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps each list in the order it showed before (newest first)', async () => {
    const hash = await Bun.password.hash('correct horse battery', { algorithm: 'argon2id', ...TEST_HASH_COST }); // its cost is not the subject
    await createOldDatabase(dataDir, await testDatabaseUrl(dataDir), 'item-order-settings', async (db) => {
      await db.run("INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES ('u', 'Before', 'before@example.com', $1, $2, $2)", [hash, db.time(0)]);
      await db.run("INSERT INTO wishlists (id, owner_id, name, created_at, updated_at) VALUES ('l', 'u', 'Old list', $1, $1)", [db.time(0)]);
      const insertItem = "INSERT INTO items (id, wishlist_id, title, created_at, updated_at) VALUES ($1, 'l', $2, $3, $3)";
      await db.run(insertItem, ['i1', 'Oldest', db.time(1_000)]);
      await db.run(insertItem, ['i3', 'Same moment, later id', db.time(2_000)]);
      await db.run(insertItem, ['i2', 'Same moment, earlier id', db.time(2_000)]);
      await db.run(insertItem, ['i4', 'Newest', db.time(3_000)]);
    });
    const upgraded = await startTestServer({}, dataDir);
    try {
      const client = new ApiClient(upgraded.url);
      expect((await client.post('/users/login', { email: 'before@example.com', password: 'correct horse battery' })).status).toBe(200);
      expect(await titlesOwnerSees(client, 'l')).toEqual(['Newest', 'Same moment, later id', 'Same moment, earlier id', 'Oldest']);
      await addItem(client, 'l', { title: 'Added after the upgrade' });
      expect((await titlesOwnerSees(client, 'l')).at(-1)).toBe('Added after the upgrade');
    } finally {
      await upgraded.stop();
    }
  });
});
