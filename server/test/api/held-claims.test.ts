import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeldClaim, PurchaseResult } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, guestWithList, signUp } from '../support/wishlists';

// A share page asks, with the list, which of the reservations this browser remembers still stand:
// one undone on another device, or re-listed by the owner, must stop showing as "You reserved this".

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_CLAIM_IP: '10000' });
  const admin = await signUp(server.url, 'Admin');
  // Group gifts take pledges on shops with a gift card.
  await admin.client.post('/referral-rules', { matcher: 'giftshop.example', programName: 'Gift Shop', giftCardUrl: 'https://giftshop.example/cards' });
});
afterAll(() => server.stop());

async function listWithItems(...titles: string[]) {
  const { client: owner, list } = await guestWithList(server.url);
  const items = [];
  for (const title of titles) {
    const groupGift = title === 'Pram' ? { url: 'https://giftshop.example/pram', isGroupGift: true } : { quantity: 3 };
    items.push(await addItem(owner, list._id, { title, price: '40', ...groupGift }));
  }
  return { owner, list, items };
}

const held = (listId: string, tokens: string[], client = new ApiClient(server.url)) => client.post<HeldClaim[]>(`/wishlists/share/${listId}/claims`, { tokens });

describe('POST /wishlists/share/{id}/claims', () => {
  it('answers the claims that still stand, as they are now, and drops undone and re-listed ones', async () => {
    const { owner, list, items } = await listWithItems('Mugs', 'Doormat', 'Pram');
    const [mugs, doormat, pram] = items;
    const guest = new ApiClient(server.url);
    const buy = async (itemId: string, quantityPurchased: number) =>
      (await guest.put<PurchaseResult>(`/wishlists/share/${list._id}/items/${itemId}`, { quantityPurchased, purchasedBy: 'May' })).body.claim.token;
    const mugsToken = await buy(mugs!._id, 1);
    const doormatToken = await buy(doormat!._id, 2);
    const pledged = await guest.post<PurchaseResult>(`/wishlists/share/${list._id}/items/${pram!._id}/pledges`, { amount: '15', name: 'May' });
    expect(pledged.status, JSON.stringify(pledged.body)).toBe(200);
    const pramToken = pledged.body.claim.token;

    const first = await held(list._id, [mugsToken, doormatToken, pramToken, 'not-a-token']);
    expect(first.status).toBe(200);
    const byToken = new Map(first.body.map((claim) => [claim.token, claim]));
    expect([...byToken.keys()].sort()).toEqual([mugsToken, doormatToken, pramToken].sort());
    expect(byToken.get(mugsToken)).toMatchObject({ kind: 'purchase', quantityPurchased: 1, item: { _id: mugs!._id, title: 'Mugs' } });
    expect(byToken.get(pramToken)).toMatchObject({ kind: 'pledge', amount: '15.00', item: { _id: pram!._id } });

    // Another device changes one and undoes another through the mailed links; the owner re-lists the pram.
    const phone = new ApiClient(server.url);
    expect((await phone.put(`/claims/${mugsToken}`, { quantityPurchased: 2 })).status).toBe(200);
    expect((await phone.delete(`/claims/${doormatToken}`)).status).toBe(200);
    expect((await owner.put(`/wishlists/${list._id}/items/${pram!._id}/unpurchase`, {})).status).toBe(200);

    const now = await held(list._id, [mugsToken, doormatToken, pramToken]);
    expect(now.status).toBe(200);
    expect(now.body).toHaveLength(1);
    expect(now.body[0]).toMatchObject({ token: mugsToken, quantityPurchased: 2 });
  });

  it("answers only the list's own claims, and nothing for no tokens", async () => {
    const one = await listWithItems('Kettle');
    const other = await listWithItems('Toaster');
    const bought = await new ApiClient(server.url).put<PurchaseResult>(`/wishlists/share/${one.list._id}/items/${one.items[0]!._id}`, { quantityPurchased: 1 });
    const token = bought.body.claim.token;
    expect((await held(other.list._id, [token])).body).toEqual([]);
    expect((await held(one.list._id, [])).body).toEqual([]);
    expect((await held(one.list._id, [token])).body).toHaveLength(1);
  });

  it('refuses more tokens than a browser could hold with a clear 400', async () => {
    const { list } = await listWithItems('Lamp');
    const tooMany = Array.from({ length: 101 }, (_, n) => `token-${n}`);
    const res = await held(list._id, tooMany);
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('message');
  });

  it('answers nothing once the list is no longer shared', async () => {
    const { owner, list, items } = await listWithItems('Vase');
    const bought = await new ApiClient(server.url).put<PurchaseResult>(`/wishlists/share/${list._id}/items/${items[0]!._id}`, { quantityPurchased: 1 });
    expect((await owner.delete(`/wishlists/${list._id}`)).status).toBe(200);
    expect((await held(list._id, [bought.body.claim.token])).body).toEqual([]);
  });
});
