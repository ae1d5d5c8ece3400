import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PriceHistory } from '@wishwell/shared/price-watch-types';
import type { SharedWishlist, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { addEditor, addItem, ownerItem, signUp, type Account } from '../support/wishlists';
import { ManualClock } from '../support/manual-clock';

/** What the local shop answers for a product now: the test changes it between checks. */
interface ShopState {
  price: string;
  availability: 'InStock' | 'OutOfStock';
  status: number;
  retryAfter?: string;
}

/** A local shop whose product pages change between checks; it records each request's time and how many were in flight. */
function startShop() {
  const products = new Map<string, ShopState>();
  const requests: { path: string; at: number; userAgent: string }[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      inFlight++;
      mostInFlight = Math.max(mostInFlight, inFlight);
      try {
        const path = new URL(request.url).pathname;
        requests.push({ path, at: performance.now(), userAgent: request.headers.get('user-agent') ?? '' });
        await Bun.sleep(30); // a shop takes a moment: requests that overlapped would show in inFlight
        const state = products.get(path);
        if (!state) return new Response('not found', { status: 404 });
        if (state.status !== 200) return new Response('slow down', { status: state.status, headers: state.retryAfter ? { 'retry-after': state.retryAfter } : {} });
        const offer = { '@type': 'Offer', price: state.price, priceCurrency: 'GBP', availability: `https://schema.org/${state.availability}` };
        const html = `<!doctype html><html><head><title>Product</title><script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Product ' + path, offers: offer })}</script></head><body><h1>Product ${path}</h1><p>£${state.price}</p></body></html>`;
        return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      } finally {
        inFlight--;
      }
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, products, requests, mostInFlight: () => mostInFlight, stop: () => server.stop(true) };
}

const clock = new ManualClock();
const days = (n: number) => clock.jump(n * 24 * 60 * 60_000);
let shop: ReturnType<typeof startShop>;
let server: TestServer;
let admin: Account;
let owner: Account;
let editor: Account;
let list: Wishlist;
const runWatch = async () => expect((await admin.client.post('/admin/jobs/price-watch/run')).status).toBe(200);
const history = (itemId: string, client = owner.client) => client.get<PriceHistory>(`/wishlists/${list._id}/items/${itemId}/prices`);
const listItem = (itemId: string) => ownerItem(owner.client, list._id, itemId);

beforeAll(async () => {
  shop = startShop();
  server = await startTestServer({ env: { SCRAPE_ALLOW_HOSTS: '127.0.0.1', PRICE_WATCH_HOST_GAP_SECONDS: '0.2' }, clock });
  admin = await signUp(server.url, 'Admin');
  owner = await signUp(server.url, 'Olivia Owner');
  editor = await signUp(server.url, 'Eddie Editor');
  list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday' })).body;
  await addEditor(server.output, owner, list._id, editor);
});
afterAll(async () => {
  await server?.stop();
  shop?.stop();
});

describe('the price watch', () => {
  it('follows a scraped price: history kept, the drop marked "was" for the owner only, "no longer sold" for guests too', async () => {
    shop.products.set('/p/teapot', { price: '49.00', availability: 'InStock', status: 200 });
    const teapot = await addItem(owner.client, list._id, { title: 'Teapot', price: '49.00', url: `${shop.url}/p/teapot` });
    await runWatch();
    shop.products.set('/p/teapot', { price: '39.00', availability: 'InStock', status: 200 });
    await runWatch(); // not due yet: checked a day after the first check
    expect((await history(teapot._id)).body.points).toHaveLength(1);
    days(1.2);
    await runWatch();
    const seen = (await history(teapot._id)).body;
    expect(seen).toMatchObject({ priceSource: 'shop', watching: true, availability: 'in_stock' });
    expect(seen.points.map((point) => point.price)).toEqual(['49.00', '39.00']);
    expect(await listItem(teapot._id)).toMatchObject({ price: '39.00', wasPrice: '49.00' });
    const shared = (await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${list._id}`)).body.items.find((item) => item._id === teapot._id)!;
    expect(shared).toMatchObject({ price: '39.00', availability: 'in_stock' });
    expect(shared).not.toHaveProperty('wasPrice');

    shop.products.set('/p/teapot', { price: '39.00', availability: 'OutOfStock', status: 200 });
    days(1.2);
    await runWatch();
    const gone = (await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${list._id}`)).body.items.find((item) => item._id === teapot._id)!;
    expect(gone.availability).toBe('gone');
  });

  it('never overwrites a price the owner typed, but keeps its history', async () => {
    shop.products.set('/p/kettle', { price: '30.00', availability: 'InStock', status: 200 });
    const kettle = await addItem(owner.client, list._id, { title: 'Kettle', price: '30.00', url: `${shop.url}/p/kettle` });
    expect((await owner.client.put(`/wishlists/${list._id}/items/${kettle._id}`, { title: 'Kettle', price: '25.00' })).status).toBe(200);
    days(1.2);
    await runWatch();
    shop.products.set('/p/kettle', { price: '20.00', availability: 'InStock', status: 200 });
    days(1.2);
    await runWatch();
    expect(await listItem(kettle._id)).toMatchObject({ price: '25.00', wasPrice: '' });
    expect((await history(kettle._id)).body).toMatchObject({ priceSource: 'manual' });
    expect((await history(kettle._id)).body.points.map((point) => point.price).slice(-2)).toEqual(['30.00', '20.00']);
  });

  it('a failed check keeps the last good price; a 429 backs the whole shop off until its Retry-After', async () => {
    const busy = startShop(); // a shop of its own: its requests are the lamp's alone
    busy.products.set('/p/lamp', { price: '15.00', availability: 'InStock', status: 200 });
    busy.products.set('/p/shade', { price: '8.00', availability: 'InStock', status: 200 });
    const lamp = await addItem(owner.client, list._id, { title: 'Lamp', price: '15.00', url: `${busy.url}/p/lamp` });
    await addItem(owner.client, list._id, { title: 'Shade', price: '8.00', url: `${busy.url}/p/shade` });
    days(1.2);
    await runWatch();
    const before = (await history(lamp._id)).body;
    for (const path of ['/p/lamp', '/p/shade']) busy.products.set(path, { price: '0', availability: 'InStock', status: 429, retryAfter: '7200' });
    days(1.2);
    const asked = busy.requests.length;
    await runWatch();
    // The shop's first request met the 429: its other due item waits, no further request went out.
    expect(busy.requests.length).toBe(asked + 1);
    const after = (await history(lamp._id)).body;
    expect(after.points).toEqual(before.points);
    expect(after.priceSeenAt).toBe(before.priceSeenAt);
    expect((await listItem(lamp._id)).price).toBe('15.00');
    busy.products.set('/p/lamp', { price: '14.00', availability: 'InStock', status: 200 });
    busy.products.set('/p/shade', { price: '8.00', availability: 'InStock', status: 200 });
    clock.jump(30 * 60_000);
    await runWatch();
    expect(busy.requests.length).toBe(asked + 1); // within the shop's 2 hours
    days(1.2);
    await runWatch();
    expect((await listItem(lamp._id)).price).toBe('14.00');
    busy.stop();
  });

  it('asks one shop one page at a time, at least the gap apart, with a clear user agent', async () => {
    for (let i = 0; i < 4; i++) {
      shop.products.set(`/p/set-${i}`, { price: '10.00', availability: 'InStock', status: 200 });
      await addItem(owner.client, list._id, { title: `Set ${i}`, price: '10.00', url: `${shop.url}/p/set-${i}` });
    }
    days(1.2);
    const from = shop.requests.length;
    await runWatch();
    const seen = shop.requests.slice(from);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(shop.mostInFlight()).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!.at - seen[i - 1]!.at).toBeGreaterThanOrEqual(200);
    expect(seen[0]!.userAgent).toMatch(/^Wishwell-PriceWatch\//);
  });

  it('the owner turns it off per item and per list', async () => {
    shop.products.set('/p/off', { price: '5.00', availability: 'InStock', status: 200 });
    const off = await addItem(owner.client, list._id, { title: 'Off', price: '5.00', url: `${shop.url}/p/off` });
    expect((await owner.client.put(`/wishlists/${list._id}/items/${off._id}/price-watch`, { watch: false })).body).toMatchObject({ watching: false });
    expect((await editor.client.put(`/wishlists/${list._id}/items/${off._id}/price-watch`, { watch: true })).status).toBe(403);
    days(1.2);
    await runWatch();
    expect(shop.requests.some((request) => request.path === '/p/off')).toBe(false);
    expect((await owner.client.put(`/wishlists/${list._id}/price-watch`, { watch: false })).status).toBe(200);
    const from = shop.requests.length;
    days(1.2);
    await runWatch();
    expect(shop.requests.length).toBe(from);
    expect((await owner.client.put(`/wishlists/${list._id}/price-watch`, { watch: true })).status).toBe(200);
  });
});

describe('GET /wishlists/{id}/items/{itemId}/prices', () => {
  it('answers the owner and editors only', async () => {
    const item = await addItem(owner.client, list._id, { title: 'Secret', url: `${shop.url}/p/secret` });
    const guest = new ApiClient(server.url);
    await guest.get(`/wishlists/share/${list._id}`);
    const stranger = await signUp(server.url, 'Sam Stranger');
    const statuses = await Promise.all([owner.client, editor.client, guest, stranger.client, new ApiClient(server.url)].map(async (client) => (await history(item._id, client)).status));
    expect(statuses).toEqual([200, 200, 401, 403, 401]);
    expect((await owner.client.get(`/wishlists/${list._id}/items/no-such-item/prices`)).status).toBe(404);
  });
});
