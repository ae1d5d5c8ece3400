import { count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Claim, PurchaseResult, SharedWishlist } from '@wishwell/shared/wishlist-types';
import { hashSecret } from '../../src/ids';
import { ApiClient } from '../support/api-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTestServer, withStore, type TestServer } from '../support/test-server';
import { addItem, guestWithList, ownerItem, signUp } from '../support/wishlists';

let server: TestServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_CLAIM_IP: '10000', RATE_LIMIT_CLAIM_MAIL_IP: '10000' });
  await signUp(server.url, 'Admin');
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

let mailboxes = 0;
const freshAddress = () => `guest.${Date.now()}.${++mailboxes}@example.com`;

async function listWithItem(fields: Record<string, unknown> = {}) {
  const { client: owner, list } = await guestWithList(server.url);
  const item = await addItem(owner, list._id, { title: 'Teapot', ...fields });
  return { owner, list, item, buyPath: `/wishlists/share/${list._id}/items/${item._id}` };
}

async function buy(path: string, body: Record<string, unknown>, client = new ApiClient(server.url)) {
  return client.put<PurchaseResult>(path, body);
}

async function sharedItem(listId: string, itemId: string) {
  return (await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${listId}`)).body.items.find((i) => i._id === itemId);
}

/** The sum of an item's claims and its stored count, read from the database. */
async function claimSum(itemId: string) {
  return withStore(server, async ({ db, tables: { claims, items } }) => {
    const [claimed] = await db.select({ total: sum(claims.quantity), n: count() }).from(claims).where(eq(claims.itemId, itemId));
    const [item] = await db.select({ quantityPurchased: items.quantityPurchased }).from(items).where(eq(items.id, itemId));
    return { claims: claimed!.n, sum: Number(claimed!.total ?? 0), quantityPurchased: item!.quantityPurchased };
  });
}

describe('a purchase is a claim the guest can manage', () => {
  it('answers the claim once, and its token opens, changes and undoes it', async () => {
    const { owner, list, item, buyPath } = await listWithItem({ quantity: 4 });
    const bought = await buy(buyPath, { quantityPurchased: 1, purchasedBy: 'Aunt May' });
    expect(bought.status).toBe(200);
    const { claim } = bought.body;
    expect(claim.token).toMatch(/^[\w-]{40,}$/);
    expect(claim.manageUrl).toBe(`${server.url}/claims/${claim.token}`);
    expect(bought.body).toMatchObject({ _id: item._id, quantityPurchased: 1 });

    const guest = new ApiClient(server.url); // another device: only the token
    const opened = await guest.get<Claim>(`/claims/${claim.token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ _id: claim.id, quantityPurchased: 1, name: 'Aunt May', maxQuantity: 4, item: { _id: item._id, title: 'Teapot' }, list: { _id: list._id } });

    const changed = await guest.put<Claim>(`/claims/${claim.token}`, { quantityPurchased: 3 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ quantityPurchased: 3, maxQuantity: 4 });
    // The change answers from the rows it wrote: the same claim the token opens afterwards.
    expect(changed.body).toEqual((await guest.get<Claim>(`/claims/${claim.token}`)).body);
    expect((await sharedItem(list._id, item._id))?.quantityPurchased).toBe(3);
    expect(await ownerItem(owner, list._id, item._id)).toMatchObject({ quantityPurchased: 3, purchasedBy: 'Aunt May' });

    expect((await guest.delete(`/claims/${claim.token}`)).status).toBe(200);
    expect((await sharedItem(list._id, item._id))?.quantityPurchased).toBe(0);
    expect(await ownerItem(owner, list._id, item._id)).toMatchObject({ quantityPurchased: 0, purchasedBy: '', isPurchased: false });
    expect(await claimSum(item._id)).toEqual({ claims: 0, sum: 0, quantityPurchased: 0 });
  });

  it('keeps a change within 1 .. its own units plus the ones still wanted', async () => {
    const { item, buyPath } = await listWithItem({ quantity: 5 });
    const mine = (await buy(buyPath, { quantityPurchased: 2 })).body.claim;
    await buy(buyPath, { quantityPurchased: 2 });
    const tooMany = await new ApiClient(server.url).put(`/claims/${mine.token}`, { quantityPurchased: 4 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 3 of this item are still wanted, not 4.');
    expect((await new ApiClient(server.url).put(`/claims/${mine.token}`, { quantityPurchased: 0 })).status).toBe(400);
    expect(await claimSum(item._id)).toEqual({ claims: 2, sum: 4, quantityPurchased: 4 });
    expect((await new ApiClient(server.url).put(`/claims/${mine.token}`, { quantityPurchased: 3 })).status).toBe(200);
    expect(await claimSum(item._id)).toEqual({ claims: 2, sum: 5, quantityPurchased: 5 });
    expect((await new ApiClient(server.url).put(`/claims/${mine.token}`, { quantityPurchased: 1 })).status).toBe(200);
    expect(await claimSum(item._id)).toEqual({ claims: 2, sum: 3, quantityPurchased: 3 });
  });

  it('answers 404 alike for a wrong token and a used-up one, and stores only the hash', async () => {
    const { item, buyPath } = await listWithItem();
    const { claim } = (await buy(buyPath, { quantityPurchased: 1 })).body;
    const stored = await withStore(server, ({ db, tables: { claims } }) => db.select().from(claims).where(eq(claims.itemId, item._id)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toBe(hashSecret(claim.token));
    expect(JSON.stringify(stored)).not.toContain(claim.token);

    const guest = new ApiClient(server.url);
    const wrong = await guest.get(`/claims/${claim.token.slice(0, -2)}xx`);
    expect((await guest.delete(`/claims/${claim.token}`)).status).toBe(200);
    const usedUp = await guest.get(`/claims/${claim.token}`);
    expect(wrong.status).toBe(404);
    expect(usedUp.status).toBe(404);
    expect(usedUp.body).toEqual(wrong.body);
    expect((await guest.put(`/claims/${claim.token}`, { quantityPurchased: 1 })).status).toBe(404);
    expect((await guest.delete(`/claims/${claim.token}`)).status).toBe(404);
  });

  it('refuses a claim of a list that was deleted since', async () => {
    const { owner, list, buyPath } = await listWithItem();
    const { claim } = (await buy(buyPath, { quantityPurchased: 1 })).body;
    expect((await owner.delete(`/wishlists/${list._id}`)).status).toBe(200);
    expect((await new ApiClient(server.url).get(`/claims/${claim.token}`)).status).toBe(404);
    expect((await new ApiClient(server.url).delete(`/claims/${claim.token}`)).status).toBe(404);
  });

  it('refuses a bad e-mail address with 400 and buys nothing', async () => {
    const { item, buyPath } = await listWithItem();
    const refused = await buy(buyPath, { quantityPurchased: 1, email: 'not an address' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'This is not a valid e-mail address: not an address' });
    expect(await claimSum(item._id)).toEqual({ claims: 0, sum: 0, quantityPurchased: 0 });
  });
});

describe("the owner lowering an item's quantity", () => {
  const lower = (owner: ApiClient, listId: string, itemId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    owner.put<{ message: string }>(`/wishlists/${listId}/items/${itemId}`, { title: 'Teapot', ...body }, { headers });

  it('is refused below the reserved units, so the counts stay the claims\' sum through undo and new purchases', async () => {
    const { owner, list, item, buyPath } = await listWithItem({ quantity: 5 });
    const a = (await buy(buyPath, { quantityPurchased: 3, purchasedBy: 'A' })).body.claim;
    const b = (await buy(buyPath, { quantityPurchased: 2, purchasedBy: 'B' })).body.claim;

    const refused = await lower(owner, list._id, item._id, { title: 'Teapots', quantity: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ message: 'Guests have already reserved 5 units of this item: the quantity cannot be lower than that.' });
    expect(await ownerItem(owner, list._id, item._id)).toMatchObject({ title: 'Teapot', quantity: 5, quantityPurchased: 5 });

    expect((await new ApiClient(server.url).delete(`/claims/${b.token}`)).status).toBe(200);
    expect(await sharedItem(list._id, item._id)).toMatchObject({ quantity: 5, quantityPurchased: 3 });
    expect((await buy(buyPath, { quantityPurchased: 3 })).status).toBe(409);
    expect((await buy(buyPath, { quantityPurchased: 2, purchasedBy: 'C' })).status).toBe(200);
    expect((await new ApiClient(server.url).delete(`/claims/${a.token}`)).status).toBe(200);
    expect(await claimSum(item._id)).toEqual({ claims: 1, sum: 2, quantityPurchased: 2 });
    expect((await lower(owner, list._id, item._id, { quantity: 2 })).body).toMatchObject({ quantity: 2, quantityPurchased: 2, isPurchased: true });
    expect((await lower(owner, list._id, item._id, { quantity: 1 })).body).toEqual({ message: 'Guests have already reserved 2 units of this item: the quantity cannot be lower than that.' });
  });

  it("says so in the caller's language", async () => {
    const { owner, list, item, buyPath } = await listWithItem({ quantity: 3 });
    await buy(buyPath, { quantityPurchased: 2 });
    const refused = await lower(owner, list._id, item._id, { quantity: 1 }, { 'accept-language': 'fr' });
    expect([refused.status, refused.body.message]).toEqual([409, 'Des invités ont déjà réservé 2 exemplaires de cet article\u00a0: la quantité ne peut pas être inférieure.']);
  });

  it('never takes a count below zero nor answers 500 where an older version left it below its claims', async () => {
    const { list, item, buyPath } = await listWithItem({ quantity: 5 });
    const a = (await buy(buyPath, { quantityPurchased: 3 })).body.claim;
    const b = (await buy(buyPath, { quantityPurchased: 2 })).body.claim;
    // What lowering the quantity to 2 did before it was refused: the count trimmed, the claims kept.
    await withStore(server, ({ db, tables: { items } }) => db.update(items).set({ quantity: 2, quantityPurchased: 2 }).where(eq(items.id, item._id)));
    expect((await new ApiClient(server.url).delete(`/claims/${b.token}`)).status).toBe(200);
    expect((await new ApiClient(server.url).put(`/claims/${a.token}`, { quantityPurchased: 1 })).status).toBe(200);
    expect((await new ApiClient(server.url).delete(`/claims/${a.token}`)).status).toBe(200);
    expect(await claimSum(item._id)).toEqual({ claims: 0, sum: 0, quantityPurchased: 0 });
    expect(await sharedItem(list._id, item._id)).toMatchObject({ quantity: 2, quantityPurchased: 0 });
  });
});

describe('races', () => {
  it('lets one of 20 guests claim the last unit; one claim row exists', async () => {
    const { item, buyPath } = await listWithItem();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => buy(buyPath, { quantityPurchased: 1, purchasedBy: `Guest ${n}` })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await claimSum(item._id)).toEqual({ claims: 1, sum: 1, quantityPurchased: 1 });
  });

  it('keeps the sum right when guests change claims while others buy', async () => {
    const { item, buyPath } = await listWithItem({ quantity: 6 });
    const first = (await buy(buyPath, { quantityPurchased: 1 })).body.claim;
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => buy(buyPath, { quantityPurchased: 1 })),
      new ApiClient(server.url).put(`/claims/${first.token}`, { quantityPurchased: 3 }),
    ]);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const totals = await claimSum(item._id);
    expect(totals.sum).toBe(totals.quantityPurchased);
    expect(totals.quantityPurchased).toBeLessThanOrEqual(6);
  });

  it('queues changes of one claim: the claim and the item count agree afterwards', async () => {
    // Rounds, since a change reading the item as it was before it waited goes wrong only in some orders.
    for (let round = 0; round < 5; round++) {
      const { item, buyPath } = await listWithItem({ quantity: 6 });
      const { claim } = (await buy(buyPath, { quantityPurchased: 1 })).body;
      const guest = new ApiClient(server.url);
      const answers = await Promise.all([2, 5, 3, 6, 4, 1].map((quantityPurchased) => guest.put<Claim>(`/claims/${claim.token}`, { quantityPurchased })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const totals = await claimSum(item._id);
      expect(totals.claims).toBe(1);
      expect(totals.sum).toBe(totals.quantityPurchased);
    }
  });

  it('words a refused change from the item as the change it waited for left it', async () => {
    for (let round = 0; round < 5; round++) {
      const { buyPath } = await listWithItem({ quantity: 4 });
      const { claim } = (await buy(buyPath, { quantityPurchased: 1 })).body;
      await buy(buyPath, { quantityPurchased: 1 });
      const guest = new ApiClient(server.url);
      const [fits, tooMany] = await Promise.all([3, 4].map((quantityPurchased) => guest.put<Claim>(`/claims/${claim.token}`, { quantityPurchased })));
      expect(fits!.status).toBe(200);
      expect(tooMany!.status).toBe(409);
      expect(tooMany!.body).toEqual({ message: 'Only 3 of this item are still wanted, not 4.' });
    }
  });

  it('undo racing a re-list leaves nothing claimed and no negative count', async () => {
    for (let round = 0; round < 5; round++) {
      const { owner, list, item, buyPath } = await listWithItem({ quantity: 3 });
      const { claim } = (await buy(buyPath, { quantityPurchased: 2 })).body;
      await buy(buyPath, { quantityPurchased: 1 });
      const [undone, relisted] = await Promise.all([
        new ApiClient(server.url).delete(`/claims/${claim.token}`),
        owner.put(`/wishlists/${list._id}/items/${item._id}/unpurchase`),
      ]);
      expect([200, 404]).toContain(undone.status);
      expect(relisted.status).toBe(200);
      expect(await claimSum(item._id)).toEqual({ claims: 0, sum: 0, quantityPurchased: 0 });
    }
  });
});

describe('mails', () => {
  it('sends the manage link to a guest who asks, and the link works on another device', async () => {
    const { list, item, buyPath } = await listWithItem({ quantity: 2 });
    const address = freshAddress();
    const { claim } = (await buy(buyPath, { quantityPurchased: 1, purchasedBy: 'Ida', email: address })).body;
    const mail = await smtp.waitForMail(address);
    expect(mail.subject).toBe('You reserved "Teapot"');
    expect(mail.text).toContain(claim.manageUrl);
    const token = mail.text.match(/\/claims\/([\w-]+)/)![1]!;
    const opened = await new ApiClient(server.url).get<Claim>(`/claims/${token}`);
    expect(opened.body).toMatchObject({ name: 'Ida', list: { _id: list._id }, item: { _id: item._id } });
  });

  it("re-listing removes the item's claims and tells the claimers who left an address", async () => {
    const { owner, list, item, buyPath } = await listWithItem({ quantity: 3 });
    const [told, alsoTold] = [freshAddress(), freshAddress()];
    const { claim } = (await buy(buyPath, { quantityPurchased: 1, email: told })).body;
    await buy(buyPath, { quantityPurchased: 1, email: alsoTold });
    await buy(buyPath, { quantityPurchased: 1 });
    expect((await owner.put(`/wishlists/${list._id}/items/${item._id}/unpurchase`)).body).toMatchObject({ quantityPurchased: 0 });
    expect(await claimSum(item._id)).toEqual({ claims: 0, sum: 0, quantityPurchased: 0 });
    for (const address of [told, alsoTold]) {
      const notice = await waitForSubject(address, '"Teapot" is wanted again');
      expect(notice.text).toContain(`/share/wishlist/${list._id}`);
    }
    expect((await new ApiClient(server.url).get(`/claims/${claim.token}`)).status).toBe(404);
  });
});

async function waitForSubject(address: string, subject: string) {
  for (let attempt = 0; attempt < 200; attempt++) {
    const mail = smtp.mails.find((m) => m.to.includes(address) && m.subject === subject);
    if (mail) return mail;
    await Bun.sleep(25);
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

describe('signed-in guests', () => {
  it('see their reservations across lists and change or undo them there, nobody else can', async () => {
    const buyer = await signUp(server.url, 'Bea');
    const first = await listWithItem({ title: 'Kettle', quantity: 3 });
    const second = await listWithItem({ title: 'Toaster' });
    await buy(first.buyPath, { quantityPurchased: 1 }, buyer.client);
    await buy(second.buyPath, { quantityPurchased: 1 }, buyer.client);
    await buy(first.buyPath, { quantityPurchased: 1 }); // a stranger's claim is not Bea's

    const mine = (await buyer.client.get<Claim[]>('/reservations')).body;
    expect(mine.map((c) => c.item.title)).toEqual(['Toaster', 'Kettle']);
    const kettle = mine[1]!;
    expect((await buyer.client.put<Claim>(`/reservations/${kettle._id}`, { quantityPurchased: 2 })).body).toMatchObject({ quantityPurchased: 2 });
    expect(await claimSum(first.item._id)).toMatchObject({ sum: 3, quantityPurchased: 3 });

    const stranger = await signUp(server.url, 'Sid');
    expect((await stranger.client.put(`/reservations/${kettle._id}`, { quantityPurchased: 1 })).status).toBe(404);
    expect((await stranger.client.delete(`/reservations/${kettle._id}`)).status).toBe(404);
    expect((await stranger.client.get<Claim[]>('/reservations')).body).toEqual([]);
    expect((await new ApiClient(server.url).get('/reservations')).status).toBe(401);

    expect((await buyer.client.delete(`/reservations/${kettle._id}`)).status).toBe(200);
    expect(await claimSum(first.item._id)).toMatchObject({ sum: 1, quantityPurchased: 1 });
    expect((await buyer.client.get<Claim[]>('/reservations')).body.map((c) => c.item.title)).toEqual(['Toaster']);
  });
});

describe('a signed-in buyer who typed no address', () => {
  it("hears of a re-list at the account's address; one who typed an address hears there only", async () => {
    const { owner, list, item, buyPath } = await listWithItem({ title: 'Lamp', quantity: 2 });
    const [silent, typing] = [await signUp(server.url, 'Sol'), await signUp(server.url, 'Tia')];
    const typed = freshAddress();
    await buy(buyPath, { quantityPurchased: 1, purchasedBy: 'Sol' }, silent.client);
    await buy(buyPath, { quantityPurchased: 1, purchasedBy: 'Tia', email: typed }, typing.client);
    expect((await silent.client.get<Claim[]>('/reservations')).body.map((claim) => claim.item.title)).toEqual(['Lamp']);
    expect((await owner.put(`/wishlists/${list._id}/items/${item._id}/unpurchase`)).status).toBe(200);
    const notice = await waitForSubject(silent.email, '"Lamp" is wanted again');
    expect(notice.text).toContain(`/share/wishlist/${list._id}`);
    await waitForSubject(typed, '"Lamp" is wanted again');
    expect(smtp.mails.filter((mail) => mail.to.includes(typing.email))).toEqual([]);
  });
});
