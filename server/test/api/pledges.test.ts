import { count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, Item, PurchaseResult, SharedWishlist, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, withStore, type TestServer } from '../support/test-server';
import { addItem, guestWithList, signUp } from '../support/wishlists';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_CLAIM_IP: '10000' });
  const admin = await signUp(server.url, 'Admin');
  const rule = await admin.client.post('/referral-rules', { matcher: 'giftshop.example', programName: 'Gift Shop', referralCode: 'ww', giftCardUrl: 'https://giftshop.example/cards' });
  expect(rule.status).toBeLessThan(300);
});
afterAll(() => server.stop());

async function groupGift(price = '300', listFields: Record<string, unknown> = {}) {
  const { client: owner, list } = await guestWithList(server.url);
  if (Object.keys(listFields).length > 0) await owner.put(`/wishlists/${list._id}`, { name: list.name, ...listFields });
  const item = await addItem(owner, list._id, { title: 'Pram', price, url: 'https://giftshop.example/pram', isGroupGift: true });
  expect(item.isGroupGift).toBe(true);
  return { owner, list, item, pledgePath: `/wishlists/share/${list._id}/items/${item._id}/pledges` };
}

const pledge = (path: string, body: Record<string, unknown>) => new ApiClient(server.url).post<PurchaseResult & { message?: string }>(path, body);

async function sharedItem(listId: string, itemId: string) {
  return (await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${listId}`)).body.items.find((i) => i._id === itemId);
}

/** The item's kept total and count beside the sum and count of its pledge rows. */
async function pledgeSums(itemId: string) {
  return withStore(server, async ({ db, tables: { claims, items } }) => {
    const [rows] = await db.select({ total: sum(claims.amountMinor), n: count() }).from(claims).where(eq(claims.itemId, itemId));
    const [item] = await db.select({ pledgedMinor: items.pledgedMinor, pledgeCount: items.pledgeCount }).from(items).where(eq(items.id, itemId));
    return { rows: rows!.n, rowsMinor: Number(rows!.total ?? 0), ...item! };
  });
}

describe('group-gift pledges', () => {
  it('adds pledges exactly, shows the total and count, and counts the gift as purchased once the price is reached', async () => {
    const { owner, list, item, pledgePath } = await groupGift('300');
    for (const amount of ['0.10', '0.20', '119.70']) expect((await pledge(pledgePath, { amount, name: 'Ann' })).status).toBe(200);
    const shown = await sharedItem(list._id, item._id);
    expect(shown).toMatchObject({ pledgedTotal: '120.00', pledgeCount: 3 });
    const last = await pledge(pledgePath, { amount: '180', name: 'Bob' });
    expect(last.body).toMatchObject({ pledgedTotal: '300.00', pledgeCount: 4 });
    expect(last.body.claim.token).toMatch(/^[\w-]{40,}$/);
    expect(await sharedItem(list._id, item._id)).toBeUndefined(); // fully pledged: off the guests' list
    const ownerItem = (await owner.get<Wishlist>(`/wishlists/${list._id}`)).body.items[0]!;
    expect(ownerItem).toMatchObject({ isPurchased: true, pledgedTotal: '300.00', pledgeCount: 4, purchasedBy: 'Ann, Bob' });
    expect(await pledgeSums(item._id)).toEqual({ rows: 4, rowsMinor: 30000, pledgedMinor: 30000, pledgeCount: 4 });
  });

  it('refuses more than the remaining amount unless the owner allows over-pledging', async () => {
    const { pledgePath } = await groupGift('50');
    await pledge(pledgePath, { amount: '45' });
    const over = await pledge(pledgePath, { amount: '10' });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe('Only £5.00 is still needed, not £10.00.');

    const generous = await groupGift('50', { allowOverPledge: true });
    await pledge(generous.pledgePath, { amount: '45' });
    expect((await pledge(generous.pledgePath, { amount: '10' })).body).toMatchObject({ pledgedTotal: '55.00' });
  });

  it('refuses amounts that are not positive plain amounts, and items that take no pledges', async () => {
    const { owner, list, pledgePath } = await groupGift('20');
    for (const amount of ['0', '-5', '1.234', 'ten', '1e3', '']) {
      const refused = await pledge(pledgePath, { amount });
      expect(refused.status, amount).toBe(400);
      expect(refused.body.message, amount).toMatch(/amount/i);
    }
    const plain = await addItem(owner, list._id, { title: 'Socks', price: '5' });
    expect((await pledge(`/wishlists/share/${list._id}/items/${plain._id}/pledges`, { amount: '5' })).body).toEqual({ message: 'Only group gifts take pledges.' });
  });

  it('lets exactly one of two guests pledge the last £10', async () => {
    for (let round = 0; round < 5; round++) {
      const { item, pledgePath } = await groupGift('100');
      await pledge(pledgePath, { amount: '90' });
      const answers = await Promise.all([pledge(pledgePath, { amount: '10' }), pledge(pledgePath, { amount: '10' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await pledgeSums(item._id)).toEqual({ rows: 2, rowsMinor: 10000, pledgedMinor: 10000, pledgeCount: 2 });
    }
  });

  it('keeps outright purchases and pledges apart: a gift guests pledge towards cannot be bought outright, a bought one takes no pledges', async () => {
    const { list, item, pledgePath } = await groupGift('100');
    const buy = (itemId: string) => new ApiClient(server.url).put<{ message: string }>(`/wishlists/share/${list._id}/items/${itemId}`, { quantityPurchased: 1 });
    expect((await pledge(pledgePath, { amount: '20' })).status).toBe(200);
    expect((await buy(item._id)).body).toEqual({ message: 'Guests are pledging towards this group gift: pledge what is still needed instead.' });
    expect(await sharedItem(list._id, item._id)).toMatchObject({ quantityPurchased: 0, pledgedTotal: '20.00' });

    const bought = await groupGift('100');
    const outright = await new ApiClient(server.url).put(`/wishlists/share/${bought.list._id}/items/${bought.item._id}`, { quantityPurchased: 1 });
    expect(outright.status).toBe(200);
    const late = await pledge(bought.pledgePath, { amount: '10' });
    expect([late.status, late.body.message]).toEqual([409, 'Someone has already bought this item.']);
    expect(await pledgeSums(bought.item._id)).toEqual({ rows: 1, rowsMinor: 0, pledgedMinor: 0, pledgeCount: 0 });
  });

  it('bounds amounts so totals fit the database on both engines: at most 20,000,000.00 a pledge and in all', async () => {
    const huge = await groupGift('999999999.99', { allowOverPledge: true });
    const tooBig = await pledge(huge.pledgePath, { amount: '999999999.99' });
    expect([tooBig.status, tooBig.body.message]).toEqual([400, 'The amount must be at most 20000000.00.']);
    expect((await pledge(huge.pledgePath, { amount: '20000000' })).status).toBe(200);
    const past = await pledge(huge.pledgePath, { amount: '0.01' });
    expect(past.status).toBe(409);
    expect(await pledgeSums(huge.item._id)).toMatchObject({ pledgedMinor: 2_000_000_000, rowsMinor: 2_000_000_000 });
  });

  it('shows the owner pledge totals in surprise mode, never who pledged, and keeps a fully pledged gift listed', async () => {
    const owner = await signUp(server.url, 'Surprised');
    const tomorrow = new Date(Date.now() + 24 * 3600_000).toISOString();
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Baby', surpriseUntil: tomorrow })).body;
    const item = await addItem(owner.client, list._id, { title: 'Cot', price: '40', url: 'https://giftshop.example/cot', isGroupGift: true });
    const path = `/wishlists/share/${list._id}/items/${item._id}/pledges`;
    for (const [amount, name] of [['15', 'Secret Sue'], ['25', 'Secret Sid']]) {
      const pledged = await pledge(path, { amount, name });
      expect(pledged.status, JSON.stringify(pledged.body)).toBe(200);
    }
    const seen = (await owner.client.get<Wishlist>(`/wishlists/${list._id}`)).body;
    expect(seen.items[0]).toMatchObject({ pledgedTotal: '40.00', pledgeCount: 2, isPurchased: false, purchasedBy: '' });
    expect(JSON.stringify(seen)).not.toContain('Secret S');
    // Two people chipping in towards one cot is one gift reserved, in the list and on the dashboard.
    expect(seen.surprise?.reservedCount).toBe(1);
    const dashboard = (await owner.client.get<Wishlist[]>('/wishlists')).body;
    expect(dashboard.find((entry) => entry._id === list._id)?.surprise?.reservedCount).toBe(1);
  });

  it('starts a copied group gift with nothing pledged, so guests may buy it outright', async () => {
    const owner = await signUp(server.url, 'Copier');
    const [source, other] = await Promise.all(['Birthday', 'Wedding'].map(async (name) => (await owner.client.post<Wishlist>('/wishlists', { name })).body));
    const item = await addItem(owner.client, source!._id, { title: 'Pram', price: '300', url: 'https://giftshop.example/pram', isGroupGift: true });
    expect((await pledge(`/wishlists/share/${source!._id}/items/${item._id}/pledges`, { amount: '60', name: 'Ann' })).status).toBe(200);

    const copied = await owner.client.post<Item>('/wishlists/items/move-copy', { sourceListId: source!._id, itemId: item._id, destinationListId: other!._id, action: 'copy' });
    expect(copied.body).toMatchObject({ isGroupGift: true, pledgedTotal: '0.00', pledgeCount: 0, quantityPurchased: 0, purchasedBy: '' });
    expect(await sharedItem(other!._id, copied.body._id)).toMatchObject({ pledgedTotal: '0.00', pledgeCount: 0 });
    expect(await pledgeSums(copied.body._id)).toEqual({ rows: 0, rowsMinor: 0, pledgedMinor: 0, pledgeCount: 0 });
    const outright = await new ApiClient(server.url).put(`/wishlists/share/${other!._id}/items/${copied.body._id}`, { quantityPurchased: 1 });
    expect(outright.status).toBe(200);
    // The source keeps its pledge.
    expect(await pledgeSums(item._id)).toEqual({ rows: 1, rowsMinor: 6000, pledgedMinor: 6000, pledgeCount: 1 });
  });

  it('changes and withdraws a pledge through its token; re-list clears all pledges', async () => {
    const { owner, list, item, pledgePath } = await groupGift('100');
    const { claim } = (await pledge(pledgePath, { amount: '30', name: 'Cy' })).body;
    await pledge(pledgePath, { amount: '50' });
    const guest = new ApiClient(server.url);
    expect((await guest.get<Claim>(`/claims/${claim.token}`)).body).toMatchObject({ kind: 'pledge', amount: '30.00', maxAmount: '50.00', name: 'Cy' });
    expect((await guest.put(`/claims/${claim.token}`, { amount: '60' })).status).toBe(409);
    const changed = await guest.put<Claim>(`/claims/${claim.token}`, { amount: '50' });
    expect(changed.body).toMatchObject({ amount: '50.00', maxAmount: '50.00' });
    expect(changed.body).toEqual((await guest.get<Claim>(`/claims/${claim.token}`)).body);
    expect(await pledgeSums(item._id)).toMatchObject({ pledgedMinor: 10000, rowsMinor: 10000 });
    expect((await guest.put(`/claims/${claim.token}`, { quantityPurchased: 2 })).status).toBe(400);
    expect((await guest.delete(`/claims/${claim.token}`)).status).toBe(200);
    expect(await sharedItem(list._id, item._id)).toMatchObject({ pledgedTotal: '50.00', pledgeCount: 1 });

    expect((await owner.put(`/wishlists/${list._id}/items/${item._id}/unpurchase`)).body).toMatchObject({ pledgedTotal: '0.00', pledgeCount: 0 });
    expect(await pledgeSums(item._id)).toEqual({ rows: 0, rowsMinor: 0, pledgedMinor: 0, pledgeCount: 0 });
  });
});
