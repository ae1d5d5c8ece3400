import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, SharedWishlist, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, guestWithList } from '../support/wishlists';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('guest lists and their capability', () => {
  it('creates an ownerless list and gives the browser an httpOnly capability cookie for it', async () => {
    const client = new ApiClient(server.url);
    const res = await client.call('POST', '/wishlists/guest', { name: 'My New Wishlist', theme: 'Other' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'My New Wishlist', theme: 'Other', user: null, role: 'guest-owner', items: [], coverImage: '/covers/other.svg' });
    const capability = res.headers.getSetCookie().find((c) => c.startsWith(`wl_cap_${res.body._id}=`));
    expect(capability).toMatch(/HttpOnly/);
    expect(JSON.stringify(res.body)).not.toContain(client.cookies.get(`wl_cap_${res.body._id}`)!);
  });

  it('lets the capability holder read and change the list, nobody else', async () => {
    const { client: guest, list } = await guestWithList(server.url);
    expect((await guest.put(`/wishlists/${list._id}`, { name: 'Birthday wishes', theme: 'Birthday' })).status).toBe(200);
    expect((await guest.get<Wishlist>(`/wishlists/${list._id}`)).body).toMatchObject({ name: 'Birthday wishes', coverImage: '/covers/birthday.svg' });

    const stranger = new ApiClient(server.url);
    expect((await stranger.get(`/wishlists/${list._id}`)).status).toBe(401);
    expect((await stranger.post(`/wishlists/${list._id}/items`, { title: 'Sneaky' })).status).toBe(401);

    stranger.cookies.set(`wl_cap_${list._id}`, 'a-guessed-secret');
    stranger.cookies.set('XSRF-TOKEN', 'x');
    expect((await stranger.put(`/wishlists/${list._id}`, { name: 'Hijacked' })).status).toBe(403);
    expect((await guest.get<Wishlist>(`/wishlists/${list._id}`)).body.name).toBe('Birthday wishes');
  });

  it("does not let one list's capability open another list", async () => {
    const first = await guestWithList(server.url);
    const second = await guestWithList(server.url);
    const borrowed = new ApiClient(server.url);
    borrowed.cookies.set(`wl_cap_${second.list._id}`, first.client.cookies.get(`wl_cap_${first.list._id}`)!);
    expect((await borrowed.get(`/wishlists/${second.list._id}`)).status).toBe(403);
  });

  it('refuses a cookie-authenticated change without the XSRF header', async () => {
    const { client, list } = await guestWithList(server.url);
    expect((await client.put(`/wishlists/${list._id}`, { name: 'Forged' }, { noXsrf: true })).status).toBe(403);
  });

  it('validates list fields', async () => {
    const { client, list } = await guestWithList(server.url);
    expect((await client.put(`/wishlists/${list._id}`, { name: '' })).status).toBe(400);
    expect((await client.put(`/wishlists/${list._id}`, { name: 'x', theme: 'Halloween' })).status).toBe(400);
    expect((await client.put(`/wishlists/${list._id}`, { name: 'x', coverImage: 'javascript:alert(1)' })).status).toBe(400);
    expect((await client.put(`/wishlists/${list._id}`, { name: 'x', eventDate: 'soon' })).status).toBe(400);
    const saved = await client.put<Wishlist>(`/wishlists/${list._id}`, {
      name: 'Wedding',
      theme: 'Wedding',
      colorSet: 'elegant',
      eventDate: '2027-06-01',
      isRecurring: true,
      description: 'Our day',
    });
    expect(saved.body).toMatchObject({ theme: 'Wedding', colorSet: 'elegant', eventDate: '2027-06-01', isRecurring: true, description: 'Our day' });
  });
});

describe('items', () => {
  it('adds an item with quantity 1 and priority Medium by default, edits and deletes it', async () => {
    const { client, list } = await guestWithList(server.url);
    const item = await addItem(client, list._id, { title: 'Kite', price: '12.50' });
    expect(item).toMatchObject({ title: 'Kite', quantity: 1, priority: 'Medium', price: '12.50', currency: 'GBP', isPurchased: false, quantityPurchased: 0 });
    const edited = await client.put(`/wishlists/${list._id}/items/${item._id}`, { title: 'Red kite', quantity: 2, priority: 'High' });
    expect(edited.body).toMatchObject({ title: 'Red kite', quantity: 2, priority: 'High', price: '12.50' });
    expect((await client.delete(`/wishlists/${list._id}/items/${item._id}`)).status).toBe(200);
    expect((await client.get<Wishlist>(`/wishlists/${list._id}`)).body.items).toEqual([]);
  });

  it('refuses a quantity below 1 and links that are not web addresses', async () => {
    const { client, list } = await guestWithList(server.url);
    expect((await client.post(`/wishlists/${list._id}/items`, { title: 'Kite', quantity: 0 })).status).toBe(400);
    expect((await client.post(`/wishlists/${list._id}/items`, { title: 'Kite', url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await client.post(`/wishlists/${list._id}/items`, { title: '' })).status).toBe(400);
  });

  it("keeps the shop's description apart from the notes, for owners and guests", async () => {
    const { client, list } = await guestWithList(server.url);
    const item = await addItem(client, list._id, { title: 'Lamp', notes: 'The brass one', description: 'A warm brass lamp with a linen shade.' });
    expect(item).toMatchObject({ notes: 'The brass one', description: 'A warm brass lamp with a linen shade.' });
    const shared = await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${list._id}`);
    expect(shared.body.items[0]).toMatchObject({ notes: 'The brass one', description: 'A warm brass lamp with a linen shade.' });
    const edited = await client.put(`/wishlists/${list._id}/items/${item._id}`, { title: 'Lamp', description: '' });
    expect(edited.body).toMatchObject({ description: '', notes: 'The brass one' });
  });

  it("accepts only amounts and 'Price not found' as prices, naming the field otherwise; a refused edit changes nothing", async () => {
    const { client, list } = await guestWithList(server.url);
    for (const price of ['-20', 'abc', '12.999', '€12', '1e3']) {
      const refused = await client.post<{ message: string }>(`/wishlists/${list._id}/items`, { title: 'Kite', price });
      expect(refused.status, price).toBe(400);
      expect(refused.body.message, price).toMatch(/price/i);
    }
    for (const price of ['', '0', '12', '12.5', '1,299.99', 'Price not found']) {
      expect((await client.post(`/wishlists/${list._id}/items`, { title: `Kite ${price}`, price })).status, price).toBeLessThan(300);
    }
    const item = await addItem(client, list._id, { title: 'Bike', price: '120' });
    expect((await client.put(`/wishlists/${list._id}/items/${item._id}`, { title: 'Bike', price: '-120' })).status).toBe(400);
    const kept = (await client.get<Wishlist>(`/wishlists/${list._id}`)).body.items.find((i) => i._id === item._id);
    expect(kept?.price).toBe('120.00');
  });

  it("reads prices the way the caller's language writes them and stores one spelling; an ambiguous '1,250' is refused naming both readings", async () => {
    const { client, list } = await guestWithList(server.url);
    const german = { headers: { 'accept-language': 'de-DE,de;q=0.9' } };
    const priceOf = async (price: string, options = german) => (await client.post<Item>(`/wishlists/${list._id}/items`, { title: `Kite ${price}`, price }, options)).body.price;
    expect(await priceOf('12,50')).toBe('12.50');
    expect(await priceOf('1.299,99')).toBe('1299.99');
    expect(await priceOf('1,299.99')).toBe('1299.99');
    expect(await priceOf('1,250', { headers: { 'accept-language': 'en-GB' } })).toBe('1250.00');
    expect(await priceOf('1.250')).toBe('1250.00');

    const ambiguous = await client.post<{ message: string }>(`/wishlists/${list._id}/items`, { title: 'Kite', price: '1,250' }, german);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.message).toBe('Der Preis „1,250“ kann 1250 oder 1,25 bedeuten. Bitte gib an, welcher gemeint ist.');
    const english = await client.post<{ message: string }>(`/wishlists/${list._id}/items`, { title: 'Kite', price: '1.250' }, { headers: { 'accept-language': 'en-GB' } });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('The price “1.250” could mean 1250 or 1.25. Please send the one you mean.');
    const titles = (await client.get<Wishlist>(`/wishlists/${list._id}`)).body.items.map((item) => item.title);
    expect(titles).not.toContain('Kite');
  });
});

describe('purchases', () => {
  it('lets exactly one of 20 guests buy the last unit; the rest get 409', async () => {
    const { client: owner, list } = await guestWithList(server.url);
    const item = await addItem(owner, list._id, { title: 'Last one' });
    const buyers = Array.from({ length: 20 }, () => new ApiClient(server.url));
    const answers = await Promise.all(
      buyers.map((buyer, index) => buyer.put(`/wishlists/share/${list._id}/items/${item._id}`, { purchasedBy: `Guest ${index}`, quantityPurchased: 1 })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.body.message).toBe('Someone has already bought this item.');
    const [stored] = (await owner.get<Wishlist>(`/wishlists/${list._id}`)).body.items;
    expect(stored).toMatchObject({ quantity: 1, quantityPurchased: 1, isPurchased: true });
  });

  it('never sells more than wanted when many guests buy parts at once', async () => {
    const { client: owner, list } = await guestWithList(server.url);
    const item = await addItem(owner, list._id, { title: 'Plates', quantity: 5 });
    const wanted = Array.from({ length: 20 }, (_, index) => (index % 2) + 1);
    const answers = await Promise.all(
      wanted.map((quantityPurchased) => new ApiClient(server.url).put(`/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased })),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const sold = wanted.filter((_, index) => answers[index]!.status === 200).reduce((sum, n) => sum + n, 0);
    const [stored] = (await owner.get<Wishlist>(`/wishlists/${list._id}`)).body.items;
    expect(stored!.quantityPurchased).toBe(sold);
    expect(sold).toBeGreaterThanOrEqual(4);
    expect(sold).toBeLessThanOrEqual(5);
  });

  it('accepts 1..remaining, explains a larger quantity and re-lists through the owner', async () => {
    const { client: owner, list } = await guestWithList(server.url);
    const item = await addItem(owner, list._id, { title: 'Cups', quantity: 3 });
    const guest = new ApiClient(server.url);
    const path = `/wishlists/share/${list._id}/items/${item._id}`;
    expect((await guest.put(path, { quantityPurchased: 0 })).status).toBe(400);
    expect((await guest.put(path, { quantityPurchased: 2, purchasedBy: 'Aunt May' })).status).toBe(200);
    const tooMany = await guest.put(path, { quantityPurchased: 2 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 1 of this item is still wanted, not 2.');
    expect((await guest.put(path, { quantityPurchased: 1, purchasedBy: 'Uncle Ben' })).status).toBe(200);

    let [stored] = (await owner.get<Wishlist>(`/wishlists/${list._id}`)).body.items;
    expect(stored).toMatchObject({ isPurchased: true, quantityPurchased: 3, purchasedBy: 'Aunt May, Uncle Ben' });
    expect((await guest.put(`/wishlists/${list._id}/items/${item._id}/unpurchase`)).status).toBe(401);
    expect((await owner.put(`/wishlists/${list._id}/items/${item._id}/unpurchase`)).body).toMatchObject({ isPurchased: false, quantityPurchased: 0, purchasedBy: '' });
    [stored] = (await owner.get<Wishlist>(`/wishlists/${list._id}`)).body.items;
    expect(stored!.quantityPurchased).toBe(0);
  });

  it("names each item's buyers once, in the order they first bought, in the list and in an edited item's answer", async () => {
    const { client: owner, list } = await guestWithList(server.url);
    const cups = await addItem(owner, list._id, { title: 'Cups', quantity: 10 });
    const plates = await addItem(owner, list._id, { title: 'Plates', quantity: 10 });
    const guest = new ApiClient(server.url);
    const buy = (item: Item, purchasedBy?: string) => guest.put(`/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: 1, purchasedBy });
    for (const [item, name] of [[cups, 'Ann'], [cups, undefined], [plates, 'Cy'], [cups, 'Bob'], [cups, 'Ann']] as const) {
      expect((await buy(item, name)).status).toBe(200);
    }
    const byTitle = (items: Item[]) => Object.fromEntries(items.map((item) => [item.title, item.purchasedBy]));
    expect(byTitle((await owner.get<Wishlist>(`/wishlists/${list._id}`)).body.items)).toEqual({ Cups: 'Ann, Bob', Plates: 'Cy' });
    const edited = await owner.put<Item>(`/wishlists/${list._id}/items/${cups._id}`, { title: 'Blue cups' });
    expect(edited.body).toMatchObject({ title: 'Blue cups', quantityPurchased: 4, purchasedBy: 'Ann, Bob' });
  });
});

describe('share view', () => {
  it('shows guests only unpurchased items and nothing about buyers or capabilities', async () => {
    const { client: owner, list } = await guestWithList(server.url);
    const bought = await addItem(owner, list._id, { title: 'Bought already' });
    const partly = await addItem(owner, list._id, { title: 'Two wanted', quantity: 2 });
    await new ApiClient(server.url).put(`/wishlists/share/${list._id}/items/${bought._id}`, { quantityPurchased: 1, purchasedBy: 'Secret Santa' });
    await new ApiClient(server.url).put(`/wishlists/share/${list._id}/items/${partly._id}`, { quantityPurchased: 1, purchasedBy: 'Secret Santa' });

    const res = await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${list._id}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => i.title)).toEqual(['Two wanted']);
    expect(res.body.items[0]).toMatchObject({ quantity: 2, quantityPurchased: 1 });
    const text = JSON.stringify(res.body);
    for (const secret of ['Secret Santa', 'purchasedBy', 'isPurchased', 'editors', owner.cookies.get(`wl_cap_${list._id}`)!, '@']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 304 to a matching If-None-Match and changes its ETag when the list changes', async () => {
    const { client: owner, list } = await guestWithList(server.url);
    const first = await fetch(`${server.url}/api/v1/wishlists/share/${list._id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${server.url}/api/v1/wishlists/share/${list._id}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const listed = await fetch(`${server.url}/api/v1/wishlists/share/${list._id}`, { headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(listed.status).toBe(304);

    await addItem(owner, list._id, { title: 'New wish' });
    const changed = await fetch(`${server.url}/api/v1/wishlists/share/${list._id}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as SharedWishlist).items.map((i) => i.title)).toEqual(['New wish']);
  });

  it('hides deleted and expired lists from guests, and refuses purchases on them', async () => {
    const expired = await guestWithList(server.url);
    const item = await addItem(expired.client, expired.list._id);
    await new ApiClient(server.url).get(`/wishlists/share/${expired.list._id}`); // cached before it expires
    await expired.client.put(`/wishlists/${expired.list._id}`, { name: 'Old', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const deleted = await guestWithList(server.url);
    expect((await deleted.client.delete(`/wishlists/${deleted.list._id}`)).status).toBe(200);

    for (const id of [expired.list._id, deleted.list._id]) {
      const res = await new ApiClient(server.url).get(`/wishlists/share/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Could not find this wishlist.' });
    }
    const purchase = await new ApiClient(server.url).put(`/wishlists/share/${expired.list._id}/items/${item._id}`, { quantityPurchased: 1 });
    expect(purchase.status).toBe(404);
    expect((await deleted.client.get(`/wishlists/${deleted.list._id}`)).status).toBe(404);
  });
});

describe('bad ids', () => {
  it('answers 404, never 500, for unknown or malformed list and item ids', async () => {
    const { client, list } = await guestWithList(server.url);
    const anyone = new ApiClient(server.url);
    const weird = ['nope', 'x'.repeat(300), "1' OR '1'='1", '%00', '..%2F..%2Fetc'];
    for (const id of weird) {
      expect((await anyone.get(`/wishlists/share/${id}`)).status).toBe(404);
      expect((await client.get(`/wishlists/${id}`)).status).toBe(404);
      expect((await client.post(`/wishlists/${id}/items`, { title: 'x' })).status).toBe(404);
      expect((await anyone.put(`/wishlists/share/${list._id}/items/${id}`, { quantityPurchased: 1 })).status).toBe(404);
      expect((await client.put(`/wishlists/${list._id}/items/${id}`, { title: 'x' })).status).toBe(404);
      expect((await client.delete(`/wishlists/${list._id}/items/${id}`)).status).toBe(404);
    }
  });
});

describe('text the database cannot hold', () => {
  it('refuses a NUL character in any field with 400 on both engines, and saves nothing', async () => {
    const { client, list } = await guestWithList(server.url);
    const res = await client.post(`/wishlists/${list._id}/items`, { title: 'Kite\u0000', notes: 'ok' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Text cannot contain the NUL character (U+0000).' });
    expect((await client.put(`/wishlists/${list._id}`, { name: 'Party', description: 'a\u0000b' })).status).toBe(400);
    const saved = await client.get(`/wishlists/${list._id}`);
    expect(saved.body.items).toEqual([]);
    expect(saved.body.description).toBe('');
  });
});
