/**
 * Refusals that say what is wrong (issue 36, minor): a made-up bearer token, a script-only gift
 * card link, an unknown currency, an over-long admin field, a taken e-mail address; a read-only token may look up a
 * guest's held claims; /health notices PostgreSQL failures by their SQLSTATE.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { SQL } from 'bun';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { databaseFailure } from '../../src/db/health';
import { ApiClient } from '../support/api-client';
import { createApiToken } from '../support/api-tokens';
import { TEST_ENGINE } from '../support/engine';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

let server: TestServer;
let admin: Account;
let owner: Account;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUp(server.url, 'Ada Admin');
  owner = await signUp(server.url, 'Olivia Owner');
});
afterAll(() => server?.stop());

describe('a bearer token that opens nothing', () => {
  it('is told the token is not valid, not asked to sign in; a browser with a stale session is still asked to sign in', async () => {
    const script = await new ApiClient(server.url).call('GET', '/wishlists', undefined, { bearer: 'made-up-token' });
    expect(script.status).toBe(401);
    expect(script.body.message).toMatch(/token .*not valid/i);

    const browser = new ApiClient(server.url);
    browser.cookies.set('wishwell_session', 'stale');
    const stale = await browser.call('GET', '/wishlists', undefined, { bearer: 'stale' });
    expect(stale.status).toBe(401);
    expect(stale.body.message).toBe('Please sign in to continue.');
  });
});

describe('a read-only API token', () => {
  it("looks up which of a guest's reservations still hold (a read carried in a POST), but cannot reserve", async () => {
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday', theme: 'Birthday' })).body;
    const item = await addItem(owner.client, list._id, { title: 'Kite' });
    const { token } = await createApiToken(admin, 'read');
    const reader = new ApiClient(server.url);

    const held = await reader.call('POST', `/wishlists/share/${list._id}/claims`, { tokens: ['not-a-claim'] }, { bearer: token });
    expect(held.status).toBe(200);
    expect(held.body).toEqual([]);

    const reserve = await reader.call('PUT', `/wishlists/share/${list._id}/items/${item._id}`, { quantity: 1, name: 'Ada' }, { bearer: token });
    expect(reserve.status).toBe(403);
  });
});

describe('an item currency', () => {
  it('must be an ISO 4217 code: "ZZZ" is refused by name and the item keeps its currency', async () => {
    const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Travel', theme: 'Other' })).body;
    const item = await addItem(owner.client, list._id, { title: 'Backpack', price: '40', currency: 'EUR' });
    const res = await owner.client.put(`/wishlists/${list._id}/items/${item._id}`, { title: 'Backpack', currency: 'zzz' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('“ZZZ” is not a currency code: use a three-letter ISO 4217 code such as GBP, EUR or USD.');
    const added = await owner.client.post(`/wishlists/${list._id}/items`, { title: 'Map', currency: 'ZZZ' });
    expect(added.status).toBe(400);
    const kept = (await owner.client.get<Wishlist>(`/wishlists/${list._id}`)).body;
    expect(kept.items.map((each) => [each.title, each.currency])).toEqual([['Backpack', 'EUR']]);
  });
});

describe('referral rules', () => {
  const rule = { matcher: 'shop.example', programName: 'Shop', giftCardUrl: 'https://shop.example/gift' };

  it('refuse a gift card link that is not http(s), saying so in the admin\'s language', async () => {
    const res = await admin.client.post('/referral-rules', { ...rule, giftCardUrl: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The gift card address must be a web address starting with http:// or https://.');
    const german = await admin.client.call('POST', '/referral-rules', { ...rule, giftCardUrl: ' JavaScript:alert(1)' }, { headers: { 'accept-language': 'de' } });
    expect(german.body.message).toBe('Die Gutschein-Adresse muss eine Webadresse sein, die mit http:// oder https:// beginnt.');
    expect((await admin.client.get<unknown[]>('/referral-rules/all')).body).toEqual([]);
  });

  it('name an over-long or missing field as a sentence, not the validator\'s words', async () => {
    const long = await admin.client.post('/referral-rules', { ...rule, matcher: 'x'.repeat(254) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Matcher must be at most 253 characters.');
    const french = await admin.client.call('POST', '/referral-rules', { matcher: 'shop.example' }, { headers: { 'accept-language': 'fr' } });
    expect(french.status).toBe(400);
    expect(french.body.message).toBe('Nom du programme\u00a0: ce champ est obligatoire.');
  });
});

describe('My Account', () => {
  it('refuses an e-mail address another account has without telling a signed-in person to sign in', async () => {
    const res = await owner.client.put('/users/profile', { name: owner.name, email: admin.email });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Another account already uses this email address. Please choose a different one.');
    expect((await owner.client.get('/users/profile')).body.email).toBe(owner.email);
  });
});

describe('/health', () => {
  it.skipIf(TEST_ENGINE !== 'postgres')('counts a PostgreSQL failure by its SQLSTATE (Bun gives it as errno)', async () => {
    const sql = new SQL(inject('postgresUrl'), { max: 1 });
    try {
      const error = await sql`SELECT pg_terminate_backend(pg_backend_pid())`.catch((caught: unknown) => caught);
      expect(databaseFailure(error)).toMatch(/^57P01: /);
    } finally {
      await sql.close().catch(() => undefined);
    }
  });
});
