/**
 * What the item form and the API say alike (issue 36, forms): amounts read in the caller's
 * language and the item's currency ('12.345', '£5', too big), texts refused with their limit,
 * and admin fields of the wrong kind refused as sentences in the admin's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

let server: TestServer;
let admin: Account;
let owner: Account;
let list: Wishlist;

const german = { headers: { 'accept-language': 'de' } };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUp(server.url, 'Ada Admin');
  owner = await signUp(server.url, 'Olivia Owner');
  list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday', theme: 'Birthday' })).body;
});
afterAll(() => server?.stop());

const itemPrices = async () => (await owner.client.get<Wishlist>(`/wishlists/${list._id}`)).body.items.map((item) => [item.title, item.price, item.currency]);

describe('an item price', () => {
  it('reads "12.345" as twelve thousand in German and asks in English, naming both readings', async () => {
    const english = await owner.client.post(`/wishlists/${list._id}/items`, { title: 'Tent', price: '12.345', currency: 'EUR' });
    expect(english.status).toBe(400);
    expect(english.body.message).toBe('The price “12.345” could mean 12345 or 12.345. Please send the one you mean.');
    const added = await owner.client.call('POST', `/wishlists/${list._id}/items`, { title: 'Tent', price: '12.345', currency: 'EUR' }, german);
    expect(added.status).toBe(200);
    expect((added.body as Item).price).toBe('12345.00');
  });

  it("takes the item's own currency sign or code, and refuses another's saying what to change", async () => {
    const item = await addItem(owner.client, list._id, { title: 'Scarf', price: '£5', currency: 'GBP' });
    expect(item.price).toBe('5.00');
    // No currency given: the list's (the owner's, pounds here) is the one the sign must match.
    expect((await addItem(owner.client, list._id, { title: 'Gloves', price: '7.50 GBP' })).price).toBe('7.50');

    const euros = await owner.client.put(`/wishlists/${list._id}/items/${item._id}`, { title: 'Scarf', price: '£5', currency: 'EUR' });
    expect(euros.status).toBe(400);
    expect(euros.body.message).toBe('“£” is GBP, but this item is priced in EUR: type the price without “£”, or set the currency to GBP.');
    const inGerman = await owner.client.call('PUT', `/wishlists/${list._id}/items/${item._id}`, { title: 'Scarf', price: '5 $' }, german);
    expect(inGerman.body.message).toBe('„$“ steht für USD, der Preis dieses Artikels ist aber in GBP: Gib den Preis ohne „$“ ein oder stell die Währung auf USD.');
    expect(await itemPrices()).toContainEqual(['Scarf', '5.00', 'GBP']);
  });

  it('refuses more than the largest amount, naming it in the caller\'s language', async () => {
    const big = await owner.client.post(`/wishlists/${list._id}/items`, { title: 'Yacht', price: '1000000000' });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The largest amount allowed is 999,999,999.99.');
    const inGerman = await owner.client.call('POST', `/wishlists/${list._id}/items`, { title: 'Yacht', price: '1.000.000.000' }, german);
    expect(inGerman.body.message).toBe('Der höchste erlaubte Betrag ist 999.999.999,99.');
    expect((await itemPrices()).map(([title]) => title)).not.toContain('Yacht');
  });
});

describe('names and titles', () => {
  it('refuses an over-long one with its limit, and a blank one as missing', async () => {
    const title = await owner.client.post(`/wishlists/${list._id}/items`, { title: 'x'.repeat(TEXT_LIMITS.itemTitle + 1) });
    expect(title.status).toBe(400);
    expect(title.body.message).toBe('The title must be at most 500 characters.');
    const blank = await owner.client.post(`/wishlists/${list._id}/items`, { title: '  ' });
    expect(blank.body.message).toBe('Please give the item a title (up to 500 characters).');

    const name = await owner.client.call('POST', '/wishlists', { name: 'x'.repeat(TEXT_LIMITS.listName + 1), theme: 'Other' }, german);
    expect(name.status).toBe(400);
    expect(name.body.message).toBe('Der Name der Wunschliste: höchstens 200 Zeichen.');
    const circle = await owner.client.post('/circles', { name: 'x'.repeat(TEXT_LIMITS.circleName + 1) });
    expect(circle.status).toBe(400);
    expect(circle.body.message).toBe('The circle name must be at most 100 characters.');
    const profile = await owner.client.put('/users/profile', { name: 'x'.repeat(TEXT_LIMITS.profileName + 1), email: owner.email });
    expect(profile.body.message).toBe('Your name can be at most 100 characters.');
  });
});

describe('admin fields of the wrong kind', () => {
  it("are refused as sentences in the admin's language, not the validator's words", async () => {
    const rule = { matcher: 'shop.example', programName: 'Shop' };
    const number = await admin.client.post('/referral-rules', { ...rule, matcher: 42 });
    expect(number.status).toBe(400);
    expect(number.body.message).toBe('Matcher must be text.');
    const french = await admin.client.call('POST', '/referral-rules', { ...rule, programName: ['Shop'] }, { headers: { 'accept-language': 'fr' } });
    expect(french.body.message).toBe('Nom du programme doit être du texte.');
    const port = await admin.client.call('PUT', '/admin/settings', { smtp: { host: 'mail.example', port: 'twenty-five', user: '', from: 'a@example.com', tls: false } }, german);
    expect(port.status).toBe(400);
    expect(port.body.message).toBe('smtp.port muss eine ganze Zahl sein.');
    const flag = await admin.client.post('/scraper-configs', { domain: 'shop.example', strategy: 'cheerio', isPriceComplex: 'yes' });
    expect(flag.status).toBe(400);
    expect(flag.body.message).not.toMatch(/Expected|Invalid/);
  });
});
