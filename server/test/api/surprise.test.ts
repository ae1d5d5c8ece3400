import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditorInvitation, Item, SharedWishlist, Wishlist, WishlistEditor, WishlistSummary } from '@wishwell/shared/wishlist-types';
import type { Suggestion } from '@wishwell/shared/circle-types';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { printedRouteTable } from '../support/route-table';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

let server: TestServer;
let smtp: TestSmtpServer;
/** The servers' clock: reveal dates pass when the test moves it, and the reveal job runs then. */
const clock = new ManualClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { SMTP_URL: smtp.url }, clock });
  await signUp(server.url, 'Admin');
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const BUYER = 'Secret Sam';
const tomorrow = () => new Date(clock.now() + 24 * 3600_000).toISOString();

/** An account's surprise list with three items guests have bought from, and an editor. */
async function surpriseList(baseUrl = server.url) {
  const owner = await signUp(baseUrl, 'Olive');
  const editor = await signUp(baseUrl, 'Eddie');
  const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday', surpriseUntil: tomorrow() })).body;
  await joinAsEditor(owner, list._id, editor);
  const items: Item[] = [];
  for (const title of ['Bike', 'Book', 'Lamp']) items.push(await addItem(owner.client, list._id, { title, quantity: 2 }));
  for (const item of items) {
    const bought = await new ApiClient(baseUrl).put(`/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: item.title === 'Bike' ? 2 : 1, purchasedBy: BUYER });
    expect(bought.status).toBe(200);
  }
  return { owner, editor, list, items };
}

/** The owner invites `editor`, who accepts through the mailed link: the way editors join. */
async function joinAsEditor(owner: Account, listId: string, editor: Account) {
  expect((await owner.client.post(`/wishlists/${listId}/editors`, { email: editor.email })).status).toBe(200);
  const token = (await smtp.waitForMail(editor.email)).text.match(/\/invitations\/([\w-]+)/)![1];
  expect((await editor.client.post(`/invitations/${token}/accept`)).status).toBe(200);
}

/** What must never reach a caller who may not see purchases. */
function expectNoPurchaseState(answer: ApiResponse, what: string) {
  expect(answer.status, what).toBeLessThan(300);
  const text = JSON.stringify(answer.body);
  expect(text, what).not.toContain(BUYER);
  expect(text, what).not.toMatch(/"quantityPurchased":[1-9]/);
  expect(text, what).not.toMatch(/"isPurchased":true/);
  expect(text, what).not.toMatch(/"hasPurchases":true/);
  expect(text, what).not.toMatch(/"purchasedItemCount":[1-9]/);
}

describe('surprise mode', () => {
  it('shows the owner no purchase state on any owner-facing route, only how many gifts are reserved', async () => {
    const { owner, editor, list, items } = await surpriseList();
    const [bike, book, lamp] = items as [Item, Item, Item];
    const other = (await owner.client.post<Wishlist>('/wishlists', { name: 'Spare' })).body;
    const ownerView = (await owner.client.get<Wishlist>(`/wishlists/${list._id}`)).body;
    expect(ownerView.surprise).toEqual({ reservedCount: 4, revealOn: list.surpriseUntil });
    expect(ownerView.items.map((i) => i.quantityPurchased)).toEqual([0, 0, 0]);

    // Every route about lists and items, as the owner: a route added later must be added here.
    const id = list._id;
    let ideaId = '';
    const calls: Record<string, () => Promise<ApiResponse>> = {
      'GET /api/v1/wishlists': () => owner.client.get('/wishlists'),
      'POST /api/v1/wishlists': () => owner.client.post('/wishlists', { name: 'Christmas', surpriseUntil: tomorrow() }),
      'GET /api/v1/wishlists/:id': () => owner.client.get(`/wishlists/${id}`),
      'PUT /api/v1/wishlists/:id/show-suggestions': () => owner.client.put(`/wishlists/${id}/show-suggestions`, { show: true }),
      // An editor's idea, reserved by the editor: the owner who asked to see ideas sees it, never that it is reserved.
      'GET /api/v1/wishlists/:id/suggestions': async () => {
        const idea = (await editor.client.post<Suggestion>(`/wishlists/${id}/suggestions`, { title: 'Scarf' })).body;
        ideaId = idea._id;
        await editor.client.put(`/wishlists/${id}/suggestions/${idea._id}/reservation`);
        const answer = await owner.client.get<Suggestion[]>(`/wishlists/${id}/suggestions`);
        expect(answer.body).toMatchObject([{ title: 'Scarf', reservedBy: null, reservedByMe: false }]);
        return answer;
      },
      'PUT /api/v1/wishlists/:id': () => owner.client.put(`/wishlists/${id}`, { name: 'Birthday!' }),
      'GET /api/v1/wishlists/share/:id': () => owner.client.get(`/wishlists/share/${id}`),
      'POST /api/v1/wishlists/:id/items': () => owner.client.post(`/wishlists/${id}/items`, { title: 'Kite' }),
      'PUT /api/v1/wishlists/:id/items/:itemId': () => owner.client.put(`/wishlists/${id}/items/${bike._id}`, { title: 'Red bike', quantity: 2 }),
      'POST /api/v1/wishlists/:id/editors': () => owner.client.post(`/wishlists/${id}/editors`, { email: `invited.${id}@example.com` }),
      'GET /api/v1/wishlists/:id/invitations': () => owner.client.get(`/wishlists/${id}/invitations`),
      'DELETE /api/v1/wishlists/:id/invitations/:invitationId': async () => {
        const [pending] = (await owner.client.get<EditorInvitation[]>(`/wishlists/${id}/invitations`)).body;
        return owner.client.delete(`/wishlists/${id}/invitations/${pending!._id}`);
      },
      'DELETE /api/v1/wishlists/:id/editors/:editorId': () => owner.client.delete<WishlistEditor[]>(`/wishlists/${id}/editors/${editor.id}`),
      'POST /api/v1/wishlists/:id/share': () => owner.client.post(`/wishlists/${id}/share`, { recipients: 'friend@example.com', domain: 'localhost' }),
      'POST /api/v1/wishlists/items/move-copy': () =>
        owner.client.post('/wishlists/items/move-copy', { sourceListId: id, itemId: book._id, destinationListId: other._id, action: 'copy' }),
      'PUT /api/v1/wishlists/:id/items/:itemId/unpurchase': () => owner.client.put(`/wishlists/${id}/items/${lamp._id}/unpurchase`),
      'PUT /api/v1/wishlists/:id/items/order': async () => {
        const order = (await owner.client.get<Wishlist>(`/wishlists/${id}`)).body.items.map((item) => item._id).reverse();
        return owner.client.put(`/wishlists/${id}/items/order`, { itemIds: order });
      },
      'DELETE /api/v1/wishlists/:id/items/:itemId': () => owner.client.delete(`/wishlists/${id}/items/${lamp._id}`),
      'GET /api/v1/wishlists/:id/followers': () => owner.client.get(`/wishlists/${id}/followers`),
      'GET /api/v1/wishlists/:id/items/:itemId/prices': () => owner.client.get(`/wishlists/${id}/items/${bike._id}/prices`),
      'PUT /api/v1/wishlists/:id/items/:itemId/price-watch': () => owner.client.put(`/wishlists/${id}/items/${bike._id}/price-watch`, { watch: false }),
      'PUT /api/v1/wishlists/:id/price-watch': () => owner.client.put(`/wishlists/${id}/price-watch`, { watch: true }),
      'DELETE /api/v1/wishlists/:id': () => owner.client.delete(`/wishlists/${other._id}`),
      'GET /api/v1/wishlists/:id/export': () => owner.client.get(`/wishlists/${id}/export`),
      'POST /api/v1/wishlists/:id/items/bulk': () => owner.client.post(`/wishlists/${id}/items/bulk`, { items: [{ title: 'Yo-yo' }] }),
      'POST /api/v1/wishlists/import': async () => owner.client.post('/wishlists/import', { content: JSON.stringify((await owner.client.get(`/wishlists/${id}/export`)).body) }),
    };
    // Suggestions are someone else's doing: the owner may not add, delete or reserve one, and the refusal says no more.
    const notTheOwners = ['POST /api/v1/wishlists/:id/suggestions', 'DELETE /api/v1/wishlists/:id/suggestions/:suggestionId', 'PUT /api/v1/wishlists/:id/suggestions/:suggestionId/reservation', 'DELETE /api/v1/wishlists/:id/suggestions/:suggestionId/reservation'];
    const { routes } = await printedRouteTable();
    const listRoutes = routes.filter((r) => r.path.startsWith('/api/v1/wishlists') && r.policy !== 'adminOnly' && !r.path.startsWith('/api/v1/wishlists/guest'));
    // The guests' own writes (a purchase, a pledge, following) and their check of the claims they hold are not owner views.
    const guestRoutes = ['PUT /api/v1/wishlists/share/:id/items/:itemId', 'POST /api/v1/wishlists/share/:id/items/:itemId/pledges', 'POST /api/v1/wishlists/share/:id/followers', 'POST /api/v1/wishlists/share/:id/claims'];
    expect(Object.keys(calls).sort()).toEqual(listRoutes.map((r) => `${r.method} ${r.path}`).filter((key) => !guestRoutes.includes(key) && !notTheOwners.includes(key)).sort());
    for (const [route, call] of Object.entries(calls)) expectNoPurchaseState(await call(), route);
    for (const route of notTheOwners) {
      const [method, path] = route.replace('/api/v1', '').replace(':id', id).replace(':suggestionId', ideaId).split(' ') as [string, string];
      const refused = await owner.client.call(method, path, method === 'POST' ? { title: 'Mine' } : undefined);
      expect([refused.status, Object.keys(refused.body)], route).toEqual([403, ['message']]);
    }

    // Guests see purchases as always: the bike is gone for them, not for the owner.
    const guestView = (await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${id}`)).body;
    expect(guestView.items.map((i) => i.title)).not.toContain('Red bike');
    expect(guestView.purchasedItemCount).toBe(1);
    const ownersShareView = (await owner.client.get<SharedWishlist>(`/wishlists/share/${id}`)).body;
    expect(ownersShareView.items.map((i) => i.title)).toContain('Red bike');
    // The server-rendered share page too: the owner's shows the bought bike as listed, a guest's does not.
    const pageFor = async (headers: Record<string, string>) => (await fetch(`${server.url}/share/wishlist/${id}`, { headers })).text();
    expect(await pageFor({ authorization: `Bearer ${owner.token}` })).toContain('Red bike');
    expect(await pageFor({})).not.toContain('Red bike');
    // Through the bearer path as well as the cookie.
    const bearerView = await new ApiClient(server.url).get(`/wishlists/share/${id}`, { bearer: owner.token });
    expectNoPurchaseState(bearerView, 'share view with a bearer token');
  });

  it('lets editors see reservations only when the owner ticks it; editors cannot change the setting', async () => {
    const { owner, editor, list } = await surpriseList();
    expectNoPurchaseState(await editor.client.get(`/wishlists/${list._id}`), 'editor, not allowed');
    expectNoPurchaseState(await editor.client.get('/wishlists'), 'editor dashboard, not allowed');
    const refused = await editor.client.put(`/wishlists/${list._id}`, { name: 'Birthday', editorsSeeClaims: true });
    expect(refused.status).toBe(403);
    expect((await editor.client.put(`/wishlists/${list._id}`, { name: 'Birthday', surpriseUntil: null })).status).toBe(403);

    expect((await owner.client.put(`/wishlists/${list._id}`, { name: 'Birthday', editorsSeeClaims: true })).status).toBe(200);
    const seen = (await editor.client.get<Wishlist>(`/wishlists/${list._id}`)).body;
    expect(seen.surprise).toBeNull();
    expect(seen.items.find((i) => i.title === 'Bike')).toMatchObject({ quantityPurchased: 2, isPurchased: true, purchasedBy: BUYER });
    expectNoPurchaseState(await owner.client.get(`/wishlists/${list._id}`), 'owner, while editors may see');
  });

  it("refuses a lowered quantity alike on bought and unbought items while purchases are hidden from the caller, so the answer tells nothing", async () => {
    const { owner, editor, list, items } = await surpriseList();
    const [bike, book] = items as [Item, Item, Item];
    const kite = await addItem(owner.client, list._id, { title: 'Kite', quantity: 2 });
    const setQuantity = (who: Account, item: Item, quantity: number) => who.client.put<Item>(`/wishlists/${list._id}/items/${item._id}`, { title: item.title, quantity });
    const hidden = { message: "Purchases on this list are a surprise for now, so an item's quantity cannot be lowered until they are revealed." };
    for (const [who, item] of [[owner, book], [owner, kite], [editor, bike]] as const) {
      const refused = await setQuantity(who, item, 1);
      expect([refused.status, refused.body], `${who.name} lowering ${item.title}`).toEqual([409, hidden]);
    }
    const raised = await setQuantity(owner, book, 3);
    expect(raised.body).toMatchObject({ quantity: 3 });
    expectNoPurchaseState(raised, 'raising the quantity');

    // An editor who may see reservations is told how many there are, and may lower to them.
    expect((await owner.client.put(`/wishlists/${list._id}`, { name: 'Birthday', editorsSeeClaims: true })).status).toBe(200);
    expect((await setQuantity(editor, bike, 1)).body).toEqual({ message: 'Guests have already reserved 2 units of this item: the quantity cannot be lower than that.' });
    expect((await setQuantity(editor, book, 1)).body).toMatchObject({ quantity: 1, quantityPurchased: 1, isPurchased: true });
  });

  it("keeps a moved item's purchases hidden on its new list until the surprise it came from is revealed", async () => {
    const { owner, editor, list, items } = await surpriseList();
    const [bike, book] = items as [Item, Item, Item];
    const revealAt = clock.now() + 4000;
    expect((await owner.client.put(`/wishlists/${list._id}`, { name: 'Birthday', surpriseUntil: new Date(revealAt).toISOString() })).status).toBe(200);
    const spare = (await owner.client.post<Wishlist>('/wishlists', { name: 'Spare' })).body;
    const eddies = (await editor.client.post<Wishlist>('/wishlists', { name: "Eddie's" })).body;
    const move = (who: Account, item: Item, destinationListId: string) =>
      who.client.post<Item>('/wishlists/items/move-copy', { sourceListId: list._id, itemId: item._id, destinationListId, action: 'move' });

    expectNoPurchaseState(await move(owner, bike, spare._id), "the owner's move");
    expectNoPurchaseState(await move(editor, book, eddies._id), "an editor's move into their own list");
    for (const [who, destination] of [[owner, spare], [editor, eddies]] as const) {
      expectNoPurchaseState(await who.client.get(`/wishlists/${destination._id}`), `${who.name}'s new list`);
      expectNoPurchaseState(await who.client.get('/wishlists'), `${who.name}'s dashboard`);
      expectNoPurchaseState(await who.client.get(`/wishlists/share/${destination._id}`), `${who.name}'s share view of the new list`);
    }
    // Guests see what is bought as always.
    expect((await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${spare._id}`)).body).toMatchObject({ items: [], purchasedItemCount: 1 });

    await clock.advanceTo(revealAt);
    expect((await owner.client.get<Wishlist>(`/wishlists/${spare._id}`)).body.items[0]).toMatchObject({ isPurchased: true, quantityPurchased: 2, purchasedBy: BUYER });
  });

  it('Reveal now shows everything at once and sends no reveal mail', async () => {
    const { owner, list } = await surpriseList();
    const revealed = await owner.client.put<Wishlist>(`/wishlists/${list._id}`, { name: 'Birthday', surpriseUntil: null });
    expect(revealed.body).toMatchObject({ surpriseUntil: null, surprise: null });
    expect(revealed.body.items.find((i) => i.title === 'Bike')).toMatchObject({ quantityPurchased: 2, purchasedBy: BUYER });
    expect((await owner.client.get<WishlistSummary[]>('/wishlists')).body[0]).toMatchObject({ hasPurchases: true, surprise: null });
    await server.runJob('surprise.reveal');
    expect(smtp.mails.filter((m) => m.to.includes(owner.email))).toEqual([]);
  });
});

describe('the reveal mail', () => {
  it('goes out once when the date passes, also when the server was down at that moment', async () => {
    await server.stop(); // one server runs in the test worker at a time: this test's own, on the same clock
    const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-reveal-'));
    let running = await startTestServer({ env: { SMTP_URL: smtp.url }, dataDir, clock });
    const restart = () => startTestServer({ env: { SMTP_URL: smtp.url }, dataDir, port: Number(new URL(running.url).port), clock });
    try {
      await signUp(running.url, 'Admin');
      const { owner, list } = await surpriseList(running.url);
      const revealMails = () => smtp.mails.filter((m) => m.to.includes(owner.email) && m.subject === 'Your gifts have been revealed');
      const revealAt = clock.now() + 2000;
      const soon = await owner.client.put(`/wishlists/${list._id}`, { name: 'Birthday', surpriseUntil: new Date(revealAt).toISOString() });
      expectNoPurchaseState(soon, 'before the reveal');
      await running.stop(); // down when the reveal date passes
      await clock.advanceTo(revealAt + 1);
      expect(revealMails()).toEqual([]);
      running = await restart();
      await clock.advance(1000); // the job's first turn, a second after start
      const [mail] = revealMails();
      expect(mail?.text).toContain(`/wishlist/${list._id}`);
      const after = (await owner.client.get<Wishlist>(`/wishlists/${list._id}`)).body;
      expect(after.surprise).toBeNull();
      expect(after.items.find((i) => i.title === 'Bike')).toMatchObject({ quantityPurchased: 2, purchasedBy: BUYER });

      await running.stop();
      running = await restart();
      await clock.advance(1000); // the job has run again after this start
      expect(revealMails()).toHaveLength(1);
    } finally {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
