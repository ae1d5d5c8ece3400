import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { addEditor, addItem, guestWithList, signUp, type Account } from '../support/wishlists';

let server: TestServer;
let admin: Account;
let owner: Account;
let editor: Account;
let stranger: Account;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUp(server.url, 'Admin'); // the first account on a fresh install is the admin
  owner = await signUp(server.url, 'Olivia Owner');
  editor = await signUp(server.url, 'Eddie Editor');
  stranger = await signUp(server.url, 'Sam Stranger');
});
afterAll(() => server.stop());

/** A fresh list owned by `owner`, with `editor` as editor and one item, so every row starts alike. */
async function ownedFixture() {
  const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday', theme: 'Birthday' })).body;
  await addEditor(server.output, owner, list._id, editor);
  const item = await addItem(owner.client, list._id);
  return { listId: list._id, itemId: item._id };
}

type Fixture = Awaited<ReturnType<typeof ownedFixture>>;
type Operation = (client: ApiClient, f: Fixture) => Promise<{ status: number }>;

const operations: Record<string, Operation> = {
  'GET /wishlists/{id}': (c, f) => c.get(`/wishlists/${f.listId}`),
  'PUT /wishlists/{id}': (c, f) => c.put(`/wishlists/${f.listId}`, { name: 'Renamed' }),
  'DELETE /wishlists/{id}': (c, f) => c.delete(`/wishlists/${f.listId}`),
  'POST /wishlists/{id}/items': (c, f) => c.post(`/wishlists/${f.listId}/items`, { title: 'More' }),
  'PUT /wishlists/{id}/items/{itemId}': (c, f) => c.put(`/wishlists/${f.listId}/items/${f.itemId}`, { title: 'Changed' }),
  'DELETE /wishlists/{id}/items/{itemId}': (c, f) => c.delete(`/wishlists/${f.listId}/items/${f.itemId}`),
  'PUT /wishlists/{id}/items/{itemId}/unpurchase': (c, f) => c.put(`/wishlists/${f.listId}/items/${f.itemId}/unpurchase`),
  'POST /wishlists/{id}/editors': (c, f) => c.post(`/wishlists/${f.listId}/editors`, { email: stranger.email }),
  'DELETE /wishlists/{id}/editors/{editorId}': (c, f) => c.delete(`/wishlists/${f.listId}/editors/${editor.id}`),
  'POST /wishlists/{id}/share': (c, f) => c.post(`/wishlists/${f.listId}/share`, { recipients: 'friend@example.com', domain: 'localhost' }),
  'GET /wishlists/share/{id}': (c, f) => c.get(`/wishlists/share/${f.listId}`),
  'PUT /wishlists/share/{id}/items/{itemId}': (c, f) => c.put(`/wishlists/share/${f.listId}/items/${f.itemId}`, { quantityPurchased: 1 }),
};

const actors = ['owner', 'editor', 'stranger', 'admin', 'anonymous'] as const;
const clientOf = (actor: (typeof actors)[number]) =>
  actor === 'anonymous' ? new ApiClient(server.url) : { owner, editor, stranger, admin }[actor].client;

// Expected status per actor, in the order of `actors`. Share mails without SMTP answer 502 after passing the checks.
const matrix: Record<string, number[]> = {
  'GET /wishlists/{id}': [200, 200, 403, 403, 401],
  'PUT /wishlists/{id}': [200, 200, 403, 403, 401],
  'DELETE /wishlists/{id}': [200, 403, 403, 403, 401],
  'POST /wishlists/{id}/items': [200, 200, 403, 403, 401],
  'PUT /wishlists/{id}/items/{itemId}': [200, 200, 403, 403, 401],
  'DELETE /wishlists/{id}/items/{itemId}': [200, 200, 403, 403, 401],
  'PUT /wishlists/{id}/items/{itemId}/unpurchase': [200, 200, 403, 403, 401],
  'POST /wishlists/{id}/editors': [200, 403, 403, 403, 401],
  'DELETE /wishlists/{id}/editors/{editorId}': [200, 403, 403, 403, 401],
  'POST /wishlists/{id}/share': [502, 502, 403, 403, 401],
  'GET /wishlists/share/{id}': [200, 200, 200, 200, 200],
  'PUT /wishlists/share/{id}/items/{itemId}': [200, 200, 200, 200, 200],
};

describe('permission matrix on a list with an owner and an editor', () => {
  const rows = Object.entries(matrix).flatMap(([operation, statuses]) => actors.map((actor, index) => [operation, actor, statuses[index]!] as const));
  it.each(rows)('%s by %s answers %i', async (operation, actor, expected) => {
    const fixture = await ownedFixture();
    const res = await operations[operation]!(clientOf(actor), fixture);
    expect(res.status).toBe(expected);
  });
});

describe('permission matrix on a guest list', () => {
  const guestRows: [string, 'capability holder' | 'signed-in stranger' | 'anonymous', number][] = [
    ['GET /wishlists/{id}', 'capability holder', 200],
    ['PUT /wishlists/{id}', 'capability holder', 200],
    ['POST /wishlists/{id}/items', 'capability holder', 200],
    ['PUT /wishlists/{id}/items/{itemId}', 'capability holder', 200],
    ['PUT /wishlists/{id}/items/{itemId}/unpurchase', 'capability holder', 200],
    ['DELETE /wishlists/{id}/items/{itemId}', 'capability holder', 200],
    ['POST /wishlists/{id}/editors', 'capability holder', 403],
    ['DELETE /wishlists/{id}', 'capability holder', 200],
    ['GET /wishlists/{id}', 'signed-in stranger', 403],
    ['PUT /wishlists/{id}', 'signed-in stranger', 403],
    ['POST /wishlists/{id}/items', 'signed-in stranger', 403],
    ['DELETE /wishlists/{id}', 'signed-in stranger', 403],
    ['GET /wishlists/{id}', 'anonymous', 401],
    ['PUT /wishlists/{id}', 'anonymous', 401],
    ['DELETE /wishlists/{id}/items/{itemId}', 'anonymous', 401],
    ['GET /wishlists/share/{id}', 'anonymous', 200],
    ['PUT /wishlists/share/{id}/items/{itemId}', 'anonymous', 200],
  ];
  it.each(guestRows)('%s by %s answers %i', async (operation, actor, expected) => {
    const guest = await guestWithList(server.url);
    const item = await addItem(guest.client, guest.list._id);
    const client = actor === 'capability holder' ? guest.client : actor === 'signed-in stranger' ? stranger.client : new ApiClient(server.url);
    const res = await operations[operation]!(client, { listId: guest.list._id, itemId: item._id });
    expect(res.status).toBe(expected);
  });
});

describe('my lists, editors and move/copy', () => {
  it("lists the caller's own and edited lists with 'Shared by' information and counts", async () => {
    const { listId, itemId } = await ownedFixture();
    await new ApiClient(server.url).put(`/wishlists/share/${listId}/items/${itemId}`, { quantityPurchased: 1 });
    const mine = (await editor.client.get('/wishlists')).body as { _id: string; role: string; user: { name: string }; itemCount: number; hasPurchases: boolean }[];
    expect(mine.find((l) => l._id === listId)).toMatchObject({ role: 'editor', user: { name: 'Olivia Owner' }, itemCount: 1, hasPurchases: true });
    expect(((await stranger.client.get('/wishlists')).body as { _id: string }[]).some((l) => l._id === listId)).toBe(false);
    expect((await new ApiClient(server.url).get('/wishlists')).status).toBe(401);
  });

  it('attaches an invited editor once they accept, and removes editors', async () => {
    const { listId } = await ownedFixture();
    await addEditor(server.output, owner, listId, stranger);
    const list = (await owner.client.get<Wishlist>(`/wishlists/${listId}`)).body;
    expect(list.editors).toEqual([
      { _id: editor.id, name: 'Eddie Editor', email: editor.email },
      { _id: stranger.id, name: 'Sam Stranger', email: stranger.email },
    ]);
    const removed = await owner.client.delete(`/wishlists/${listId}/editors/${stranger.id}`);
    expect(removed.body).toEqual([{ _id: editor.id, name: 'Eddie Editor', email: editor.email }]);
    expect((await stranger.client.get(`/wishlists/${listId}`)).status).toBe(403);
    expect((await owner.client.delete(`/wishlists/${listId}/editors/not-an-editor`)).status).toBe(404);
  });

  it('gives a signed-in visitor who presses the landing button a list of their own, no capability', async () => {
    const res = await stranger.client.post<Wishlist>('/wishlists/guest', { name: 'My New Wishlist', theme: 'Other' });
    expect(res.body).toMatchObject({ role: 'owner', user: { _id: stranger.id, name: 'Sam Stranger' } });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('wl_cap_'))).toBe(false);
  });

  it('shows the caller its role, so editors get no Manage Editors', async () => {
    const { listId } = await ownedFixture();
    expect((await owner.client.get<Wishlist>(`/wishlists/${listId}`)).body.role).toBe('owner');
    expect((await editor.client.get<Wishlist>(`/wishlists/${listId}`)).body.role).toBe('editor');
  });

  it('moves and copies items between lists the caller owns or edits, and nowhere else', async () => {
    const source = await ownedFixture();
    const target = (await editor.client.post<Wishlist>('/wishlists', { name: "Eddie's list" })).body;
    const strangers = (await stranger.client.post<Wishlist>('/wishlists', { name: "Sam's list" })).body;
    const move = (client: ApiClient, destinationListId: string, action: 'move' | 'copy') =>
      client.post('/wishlists/items/move-copy', { sourceListId: source.listId, itemId: source.itemId, destinationListId, action });

    expect((await move(editor.client, strangers._id, 'copy')).status).toBe(403);
    expect((await move(stranger.client, strangers._id, 'copy')).status).toBe(403);
    expect((await move(editor.client, target._id, 'copy')).status).toBe(200);
    expect((await owner.client.get<Wishlist>(`/wishlists/${source.listId}`)).body.items).toHaveLength(1);
    expect((await move(editor.client, target._id, 'move')).status).toBe(200);
    expect((await owner.client.get<Wishlist>(`/wishlists/${source.listId}`)).body.items).toHaveLength(0);
    expect((await editor.client.get<Wishlist>(`/wishlists/${target._id}`)).body.items.map((i) => i.title)).toEqual(['Board game', 'Board game']);
  });

  it('applies the referral rules when an item is saved: affiliate link, program, group gift only with a gift card', async () => {
    const rule = await admin.client.post('/referral-rules', {
      matcher: 'giftshop.example.com',
      programName: 'Giftshop Partners',
      referralCode: 'wish-21',
      idRegex: '/p/(\\w+)',
      urlStructure: 'https://giftshop.example.com/p/{ID}?tag={TAG}',
      giftCardUrl: 'https://giftshop.example.com/gift-card?tag={TAG}',
    });
    expect(rule.status).toBe(201);
    const { listId } = await ownedFixture();
    const item = await addItem(owner.client, listId, { url: 'https://giftshop.example.com/p/abc123?utm_source=x', isGroupGift: true });
    expect(item).toMatchObject({
      url: 'https://giftshop.example.com/p/abc123?tag=wish-21',
      referralProgram: 'Giftshop Partners',
      giftCardUrl: 'https://giftshop.example.com/gift-card?tag=wish-21',
      isGroupGift: true,
    });
    const elsewhere = await owner.client.put(`/wishlists/${listId}/items/${item._id}`, { title: 'Moved shop', url: 'https://other.example.com/p/1' });
    expect(elsewhere.body).toMatchObject({ url: 'https://other.example.com/p/1', referralProgram: null, giftCardUrl: '', isGroupGift: false });
  });
});
