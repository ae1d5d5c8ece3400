import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist, WishlistSummary } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { guestWithList, signUp } from '../support/wishlists';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await signUp(server.url, 'Admin');
});
afterAll(() => server.stop());

const password = 'correct horse battery';
let n = 0;
const freshEmail = () => `claimer.${Date.now()}.${++n}@example.com`;

async function myListIds(client: ApiClient): Promise<string[]> {
  return ((await client.get<WishlistSummary[]>('/wishlists')).body ?? []).map((l) => l._id);
}

describe('claiming a guest list', () => {
  it('attaches the list at registration when the browser holds its capability', async () => {
    const { client, list } = await guestWithList(server.url);
    const res = await client.post('/users/register', { name: 'Gina Guest', email: freshEmail(), password, claimListId: list._id, domain: 'localhost' });
    expect(res.status).toBe(201);
    expect(await myListIds(client)).toEqual([list._id]);
    const claimed = (await client.get<Wishlist>(`/wishlists/${list._id}`)).body;
    expect(claimed).toMatchObject({ role: 'owner', user: { name: 'Gina Guest' } });
    expect(client.cookies.has(`wl_cap_${list._id}`)).toBe(false);
  });

  it('attaches the list at login too', async () => {
    const email = freshEmail();
    await new ApiClient(server.url).post('/users/register', { name: 'Lou', email, password, domain: 'localhost' });
    const { client, list } = await guestWithList(server.url);
    expect((await client.post('/users/login', { email, password, claimListId: list._id })).status).toBe(200);
    expect(await myListIds(client)).toContain(list._id);
  });

  it('refuses a claim without the capability: the list stays ownerless and its guest keeps it', async () => {
    const { client: guest, list } = await guestWithList(server.url);
    const thief = new ApiClient(server.url);
    const res = await thief.post('/users/register', { name: 'Thief', email: freshEmail(), password, claimListId: list._id, domain: 'localhost' });
    expect(res.status).toBe(201); // signing up still works; only the claim is refused
    expect(await myListIds(thief)).toEqual([]);
    expect((await thief.get(`/wishlists/${list._id}`)).status).toBe(403);
    expect((await guest.get<Wishlist>(`/wishlists/${list._id}`)).body).toMatchObject({ user: null, role: 'guest-owner' });
  });

  it('never moves a list that already has an owner, even with an old capability', async () => {
    const { client, list } = await guestWithList(server.url);
    const capability = client.cookies.get(`wl_cap_${list._id}`)!;
    await client.post('/users/register', { name: 'First', email: freshEmail(), password, claimListId: list._id, domain: 'localhost' });
    const second = new ApiClient(server.url);
    await second.get('/health'); // picks up the XSRF cookie, as a browser would
    second.cookies.set(`wl_cap_${list._id}`, capability);
    const registered = await second.post('/users/register', { name: 'Second', email: freshEmail(), password, claimListId: list._id, domain: 'localhost' });
    expect(registered.status).toBe(201);
    expect(await myListIds(second)).toEqual([]);
    expect(await myListIds(client)).toEqual([list._id]);
    expect((await second.get(`/wishlists/${list._id}`)).status).toBe(403);
  });

  it('ignores a claim of an unknown list id', async () => {
    const client = new ApiClient(server.url);
    const res = await client.post('/users/register', { name: 'Nora', email: freshEmail(), password, claimListId: 'no-such-list', domain: 'localhost' });
    expect(res.status).toBe(201);
    expect(await myListIds(client)).toEqual([]);
  });
});
