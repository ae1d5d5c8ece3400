import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let admin: ApiClient;
let member: ApiClient;

const amazonUk = {
  matcher: 'amazon.co.uk',
  programName: 'Amazon UK',
  referralCode: 'wishwell-21',
  idRegex: '/dp/([A-Z0-9]{10})',
  urlStructure: 'https://www.amazon.co.uk/dp/{ID}?tag={TAG}',
  giftCardUrl: 'https://www.amazon.co.uk/gift-cards?tag={TAG}',
};

async function signedUp(name: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const res = await client.post('/users/register', { name, email: `${name.toLowerCase()}@example.com`, password: 'correct horse battery', domain: 'localhost' });
  expect(res.status).toBe(201);
  return client;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedUp('Ada'); // the first account is the admin
  member = await signedUp('Bob');
});
afterAll(() => server.stop());

describe('referral rules', () => {
  it('lets only admins manage them and read them in full', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post('/referral-rules', amazonUk)).status).toBe(401);
    expect((await member.post('/referral-rules', amazonUk)).status).toBe(403);
    expect((await anonymous.get('/referral-rules/all')).status).toBe(401);
    expect((await member.get('/referral-rules/all')).status).toBe(403);

    const created = await admin.post('/referral-rules', amazonUk);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ _id: expect.any(String), ...amazonUk });
    expect((await admin.get('/referral-rules/all')).body).toEqual([created.body]);
  });

  it('shows everyone what the item form needs, and nothing of the affiliate setup', async () => {
    const etsy = await admin.post('/referral-rules', { matcher: 'etsy.com', programName: 'Etsy', referralCode: 'secret-code', giftCardUrl: '' });
    expect(etsy.body.giftCardUrl).toBeNull();
    const rules = await new ApiClient(server.url).get('/referral-rules');
    expect(rules.status).toBe(200);
    expect(rules.body).toEqual([
      { _id: expect.any(String), matcher: 'amazon.co.uk', programName: 'Amazon UK', hasGiftCard: true },
      { _id: etsy.body._id, matcher: 'etsy.com', programName: 'Etsy', hasGiftCard: false },
    ]);
    expect(JSON.stringify(rules.body)).not.toContain('secret-code');
  });

  it('validates, updates and deletes', async () => {
    expect((await admin.post('/referral-rules', { ...amazonUk, matcher: '   ' })).status).toBe(400);
    expect((await admin.post('/referral-rules', { programName: 'No matcher' })).status).toBe(400);
    const created = await admin.post('/referral-rules', { ...amazonUk, matcher: 'amazon.de', programName: 'Amazon DE' });
    const updated = await admin.put(`/referral-rules/${created.body._id}`, { ...amazonUk, matcher: 'amazon.de', programName: 'Amazon Germany', giftCardUrl: null });
    expect(updated.body).toMatchObject({ programName: 'Amazon Germany', giftCardUrl: null });
    expect((await admin.put('/referral-rules/nope', amazonUk)).status).toBe(404);
    expect((await admin.delete(`/referral-rules/${created.body._id}`)).status).toBe(200);
    expect((await admin.delete(`/referral-rules/${created.body._id}`)).status).toBe(404);
    expect((await admin.get('/referral-rules/all')).body.map((r: { matcher: string }) => r.matcher)).toEqual(['amazon.co.uk', 'etsy.com']);
  });
});

describe('referral opportunities', () => {
  it('counts items per shop domain, most first, with their value per currency and whether a rule covers the shop', async () => {
    const list = await member.post('/wishlists', { name: 'Birthday' });
    expect(list.status).toBeLessThan(300);
    const add = async (item: object) => expect((await member.post(`/wishlists/${list.body._id}/items`, item)).status).toBeLessThan(300);
    await add({ title: 'Book', url: 'https://www.amazon.co.uk/dp/1849757097', price: '4.45', quantity: 2 });
    await add({ title: 'Lamp', url: 'https://amazon.co.uk/dp/B07G2L3JMM', price: '1,029.99' });
    await add({ title: 'Kindle', url: 'HTTPS://WWW.Amazon.co.uk:443/dp/B0CFPJYX7P?ref=x#top', price: 'Price not found' });
    await add({ title: 'Mug', url: 'https://amazon.co.uk?q=mug', price: '' });
    await add({ title: 'Chair', url: 'https://www.wayfair.com/furniture/pdp/x.html', price: '111.99', currency: 'USD' });
    await add({ title: 'Desk', url: 'https://wayfair.com/desk', price: '200', currency: 'EUR' });
    await add({ title: 'Rug', url: 'https://www.wayfair.com/rug', price: '10.50', quantity: 3 });
    await add({ title: 'Idea', price: '10' });

    expect((await member.get('/stats/referral-opportunities')).status).toBe(403);
    const report = await admin.get('/stats/referral-opportunities');
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(report.body.entries).toEqual([
      { domain: 'amazon.co.uk', itemCount: 4, totalValue: 1038.89, totals: [{ currency: 'GBP', total: 1038.89 }], hasReferralRule: true },
      {
        domain: 'wayfair.com',
        itemCount: 3,
        totalValue: 31.5,
        totals: [
          { currency: 'GBP', total: 31.5 },
          { currency: 'EUR', total: 200 },
          { currency: 'USD', total: 111.99 },
        ],
        hasReferralRule: false,
      },
    ]);
  });

  it('follows edits of price, quantity, link and currency, copies and deletions at once', async () => {
    const list = await member.post('/wishlists', { name: 'Follow' });
    const other = await member.post('/wishlists', { name: 'Other' });
    const items = `/wishlists/${list.body._id}/items`;
    const report = async (domain: string) => (await admin.get(`/stats/referral-opportunities?q=${domain}`)).body.entries.find((row: { domain: string }) => row.domain === domain);
    const teapot = await member.post(items, { title: 'Teapot', url: 'https://follow.example.com/teapot', price: '10.00', quantity: 2 });
    const cups = await member.post(items, { title: 'Cups', url: 'https://follow.example.com/cups', price: 'Price not found' });
    expect(await report('follow.example.com')).toMatchObject({ itemCount: 2, totalValue: 20 });

    await member.put(`${items}/${teapot.body._id}`, { title: 'Teapot', price: '12.50', quantity: 1 });
    expect(await report('follow.example.com')).toMatchObject({ itemCount: 2, totalValue: 12.5 });
    await member.put(`${items}/${cups.body._id}`, { title: 'Cups', url: 'https://moved.example.com/cups', price: '5', currency: 'EUR' });
    expect(await report('follow.example.com')).toMatchObject({ itemCount: 1, totalValue: 12.5 });
    expect(await report('moved.example.com')).toEqual({ domain: 'moved.example.com', itemCount: 1, totalValue: 0, totals: [{ currency: 'EUR', total: 5 }], hasReferralRule: false });

    const copy = await member.post('/wishlists/items/move-copy', { sourceListId: list.body._id, itemId: teapot.body._id, destinationListId: other.body._id, action: 'copy' });
    expect(copy.status).toBeLessThan(300);
    expect(await report('follow.example.com')).toMatchObject({ itemCount: 2, totalValue: 25 });
    expect((await member.delete(`${items}/${teapot.body._id}`)).status).toBe(200);
    expect((await member.delete(`${items}/${cups.body._id}`)).status).toBe(200);
    expect(await report('follow.example.com')).toMatchObject({ itemCount: 1, totalValue: 12.5 });
    expect(await report('moved.example.com')).toBeUndefined();
  });

  it('pages and searches the shops on the server, most items first', async () => {
    const list = await member.post('/wishlists', { name: 'Many shops' });
    for (let shop = 1; shop <= 4; shop++) {
      for (let n = 0; n < shop; n++) await member.post(`/wishlists/${list.body._id}/items`, { title: `Gift ${n}`, url: `https://paged-${shop}.example.org/${n}`, price: '1' });
    }
    const page = async (query: string) => (await admin.get(`/stats/referral-opportunities?${query}`)).body;
    const first = await page('q=paged-&pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.entries.map((row: { domain: string; itemCount: number }) => [row.domain, row.itemCount])).toEqual([
      ['paged-4.example.org', 4],
      ['paged-3.example.org', 3],
      ['paged-2.example.org', 2],
    ]);
    expect((await page('q=PAGED-&pageSize=3&page=2')).entries).toEqual([
      { domain: 'paged-1.example.org', itemCount: 1, totalValue: 1, totals: [{ currency: 'GBP', total: 1 }], hasReferralRule: false },
    ]);
    expect(await page('q=no-such-shop')).toEqual({ entries: [], total: 0, page: 1, pageSize: 50 });
    expect((await admin.get('/stats/referral-opportunities?pageSize=1000')).status).toBe(400);
  });
});

describe('group gifts when an item is saved', () => {
  it('keeps isGroupGift false without a gift card, and a broken rule never breaks saving', async () => {
    await admin.post('/referral-rules', { matcher: 'nogift.example.com', programName: 'No Gift', idRegex: '/p/(\\d+)', urlStructure: 'https://nogift.example.com/p/{ID}?ref={TAG}', referralCode: 'x' });
    await admin.post('/referral-rules', { matcher: 'broken.example.com', programName: 'Broken', idRegex: '([unclosed', urlStructure: 'https://broken.example.com/{ID}', giftCardUrl: 'https://broken.example.com/gift' });
    const list = await member.post('/wishlists', { name: 'Group gifts' });

    const noGift = await member.post(`/wishlists/${list.body._id}/items`, { title: 'Vase', url: 'https://nogift.example.com/p/42?utm=1', isGroupGift: true });
    expect(noGift.status).toBeLessThan(300);
    expect(noGift.body).toMatchObject({ url: 'https://nogift.example.com/p/42?ref=x', referralProgram: 'No Gift', giftCardUrl: '', isGroupGift: false });

    const broken = await member.post(`/wishlists/${list.body._id}/items`, { title: 'Bowl', url: 'https://broken.example.com/item/7', isGroupGift: true });
    expect(broken.status).toBeLessThan(300);
    expect(broken.body).toMatchObject({ url: 'https://broken.example.com/item/7', referralProgram: 'Broken', giftCardUrl: 'https://broken.example.com/gift', isGroupGift: true });
  });
});
