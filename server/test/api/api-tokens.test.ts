/**
 * Personal API tokens through the real server: created in My Account (shown once, stored as a
 * hash), used as `Authorization: Bearer` on /api/v1, scoped, revoked, expired, kept across sign
 * out and password change, stopped while the account is disabled, rate limited like the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenSummary } from '@wishwell/shared/api-token-types';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { runCommand } from '../support/cli';
import { createApiToken, expiredApiToken } from '../support/api-tokens';
import { waitFor } from '../support/backups';
import { databaseContents } from '../support/database-contents';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { waitUntil } from '../support/wait';
import { signUp, type Account } from '../support/wishlists';

const PASSWORD = 'correct horse battery';

let server: TestServer;
/** The server's clock: tokens expire when the test moves it past their date. */
const clock = new ManualClock();
let admin: Account;
let owner: Account;

beforeAll(async () => {
  server = await startTestServer({ env: { RATE_LIMIT_SCRAPE_USER: '3', RATE_LIMIT_SCRAPE_IP: '1000' }, clock });
  admin = await signUp(server.url, 'Ada Admin');
  owner = await signUp(server.url, 'Olivia Owner');
});
afterAll(() => server?.stop());

const withToken = (token: string) => ({
  call: (method: string, path: string, body?: unknown) => new ApiClient(server.url).call(method, path, body, { bearer: token }),
});

describe('creating a token', () => {
  it('answers the secret once; the list shows name, scope and expiry but never the secret, and the database holds only its hash', async () => {
    const expiresAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const res = await owner.client.post('/users/tokens', { name: '  Home automation ', scope: 'read', expiresAt });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ _id: expect.any(String), name: 'Home automation', scope: 'read', expiresAt, token: expect.stringMatching(/^wwp_[\w-]{43}$/) });
    const listed = (await owner.client.get<ApiTokenSummary[]>('/users/tokens')).body;
    const entry = listed.find((token) => token._id === res.body._id);
    expect(entry).toEqual({ _id: res.body._id, name: 'Home automation', scope: 'read', expiresAt, createdAt: expect.any(String), lastUsedAt: null });
    expect(JSON.stringify(listed)).not.toContain(res.body.token);

    const store = await server.openStore();
    try {
      const dump = JSON.stringify(await databaseContents(store));
      expect(dump).not.toContain(res.body.token);
      expect(dump).not.toContain(res.body.token.slice(4));
    } finally {
      await store.close();
    }
  });

  it('refuses a missing name, an unknown scope, a past or unreadable expiry, and an admin scope for a non-admin', async () => {
    const refusals = [
      [{ name: ' ', scope: 'read' }, 400, 'Please give the token a name.'],
      [{ name: 'x', scope: 'everything' }, 400, "The scope must be 'read', 'read-write' or 'admin'."],
      [{ name: 'x', scope: 'read', expiresAt: '2001-01-01T00:00:00Z' }, 400, 'The expiry date must be in the future.'],
      [{ name: 'x', scope: 'read', expiresAt: 'next tuesday' }, 400, 'The expiry date is not a valid date.'],
      [{ name: 'x', scope: 'admin' }, 403, 'Only administrators can create admin tokens.'],
    ] as const;
    for (const [body, status, message] of refusals) {
      const res = await owner.client.post('/users/tokens', body);
      expect({ status: res.status, body: res.body }, JSON.stringify(body)).toEqual({ status, body: { message } });
    }
    expect((await owner.client.get<ApiTokenSummary[]>('/users/tokens')).body.map((token) => token.name)).not.toContain('x');
  });
});

describe('using a token', () => {
  it('a read token reads as its account and cannot change anything', async () => {
    const listId = (await owner.client.post<Wishlist>('/wishlists', { name: 'Read me', theme: 'Birthday' })).body._id;
    const reader = withToken((await createApiToken(owner, 'read')).token);
    const lists = await reader.call('GET', '/wishlists');
    expect(lists.status).toBe(200);
    expect(lists.body.map((list: Wishlist) => list._id)).toContain(listId);
    expect((await reader.call('GET', '/users/profile')).body.email).toBe(owner.email);

    for (const [method, path, body] of [
      ['POST', '/wishlists', { name: 'Sneaky', theme: 'Other' }],
      ['PUT', `/wishlists/${listId}`, { name: 'Renamed' }],
      ['DELETE', `/wishlists/${listId}`, undefined],
      ['POST', `/wishlists/${listId}/items`, { title: 'Pony' }],
    ] as const) {
      const res = await reader.call(method, path, body);
      expect({ status: res.status, body: res.body }, `${method} ${path}`).toEqual({
        status: 403,
        body: { message: 'This API token can only read. Create a read-write token to make changes.' },
      });
    }
    const list = (await owner.client.get<Wishlist>(`/wishlists/${listId}`)).body;
    expect({ name: list.name, items: list.items.length }).toEqual({ name: 'Read me', items: 0 });
  });

  it('a read-write token changes lists without the XSRF cookie dance (it is no cookie)', async () => {
    const writer = withToken((await createApiToken(owner, 'read-write')).token);
    const created = await writer.call('POST', '/wishlists', { name: 'Scripted', theme: 'Christmas' });
    expect(created.status).toBe(200);
    const item = await writer.call('POST', `/wishlists/${created.body._id}/items`, { title: 'Train set' });
    expect(item.status).toBe(200);
    const seen = (await owner.client.get<Wishlist>(`/wishlists/${created.body._id}`)).body;
    expect(seen.items.map((i) => i.title)).toEqual(['Train set']);
  });

  it('is refused on the session-only routes: tokens, password, profile, account deletion, sign-in flows, inviting editors', async () => {
    const writer = withToken((await createApiToken(owner, 'read-write')).token);
    const list = await owner.client.post<Wishlist>('/wishlists', { name: 'Not for a leaked token', theme: 'Christmas' });
    const message = 'API tokens cannot be used here. Sign in to Wishwell in the browser to do this.';
    for (const [method, path, body] of [
      ['GET', '/users/tokens', undefined],
      ['POST', '/users/tokens', { name: 'more', scope: 'read-write' }],
      ['PUT', '/users/profile', { name: 'Mallory', email: 'mallory@example.com' }],
      ['PUT', '/users/profile/password', { currentPassword: PASSWORD, newPassword: 'stolen token password' }],
      ['DELETE', '/users/profile', undefined],
      ['POST', '/users/logout', undefined],
      ['POST', '/users/login', { email: owner.email, password: PASSWORD }],
      ['POST', `/wishlists/${list.body._id}/editors`, { email: 'mallory@example.com' }],
    ] as const) {
      const res = await writer.call(method, path, body);
      expect({ status: res.status, body: res.body }, `${method} ${path}`).toEqual({ status: 403, body: { message } });
    }
    const profile = (await owner.client.get('/users/profile')).body;
    expect({ name: profile.name, email: profile.email }).toEqual({ name: 'Olivia Owner', email: owner.email });
    expect((await owner.client.get<ApiTokenSummary[]>('/users/tokens')).body.map((t) => t.name)).not.toContain('more');
    expect((await new ApiClient(server.url).post('/users/login', { email: owner.email, password: PASSWORD })).status).toBe(200);
    expect((await owner.client.get(`/wishlists/${list.body._id}/invitations`)).body).toEqual([]);
    // The owner's browser session invites as before.
    expect((await owner.client.post(`/wishlists/${list.body._id}/editors`, { email: 'friend@example.com' })).status).toBe(200);
  });

  it('records last use, written at most once a minute', async () => {
    const created = await createApiToken(owner, 'read', { name: 'last use' });
    const lastUseOf = async (id: string) => (await owner.client.get<ApiTokenSummary[]>('/users/tokens')).body.find((t) => t._id === id)!.lastUsedAt;
    /** The token's last use once it is no longer `was` (it is written after the answer). */
    const lastUseAfter = async (id: string, was: string | null): Promise<string> => {
      let read = was;
      await waitFor(async () => (read = await lastUseOf(id)) !== was);
      return read!;
    };
    expect(await lastUseOf(created._id)).toBeNull();
    const before = clock.now();
    await withToken(created.token).call('GET', '/wishlists');
    const first = await lastUseAfter(created._id, null);
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1000);
    await clock.advance(30_000);
    await withToken(created.token).call('GET', '/wishlists');
    await withToken(created.token).call('GET', '/users/profile');
    // Last uses are written in the order the server takes them: once another token's first use,
    // taken after those two, is written, a write either of them made would show.
    const marker = await createApiToken(owner, 'read', { name: 'marker' });
    await withToken(marker.token).call('GET', '/wishlists');
    await lastUseAfter(marker._id, null);
    expect(await lastUseOf(created._id)).toBe(first);
    // A minute after the first use, the next one is written.
    await clock.advance(30_000);
    const minuteOn = clock.now();
    await withToken(created.token).call('GET', '/wishlists');
    expect(Date.parse(await lastUseAfter(created._id, first))).toBeGreaterThanOrEqual(minuteOn);
  });
});

describe('revoking and expiry', () => {
  it('a revoked token stops at once; only its owner can revoke it', async () => {
    const created = await createApiToken(owner, 'read-write', { name: 'to revoke' });
    expect((await withToken(created.token).call('GET', '/wishlists')).status).toBe(200);
    const other = await signUp(server.url, 'Sam Stranger');
    expect((await other.client.delete(`/users/tokens/${created._id}`)).status).toBe(404);
    expect((await withToken(created.token).call('GET', '/wishlists')).status).toBe(200);
    expect((await owner.client.delete(`/users/tokens/${created._id}`)).body).toEqual({ message: 'The token is revoked.' });
    const refused = await withToken(created.token).call('GET', '/wishlists');
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 401, body: { message: 'This API token is not valid: it may have expired or been revoked.' } });
    expect((await owner.client.get<ApiTokenSummary[]>('/users/tokens')).body.map((t) => t._id)).not.toContain(created._id);
    // Also on public routes: a script learns its token is bad instead of silently reading as nobody.
    expect((await withToken(created.token).call('GET', '/health')).status).toBe(401);
  });

  it('an expired token is refused', async () => {
    const token = await expiredApiToken(owner, clock, 'read');
    const res = await withToken(token).call('GET', '/wishlists');
    expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: { message: 'This API token is not valid: it may have expired or been revoked.' } });
  });

  it('a made-up token is refused like a revoked one', async () => {
    expect((await withToken('wwp_' + 'A'.repeat(43)).call('GET', '/wishlists')).status).toBe(401);
  });
});

describe('the account around its tokens', () => {
  it('signing out and changing the password keep tokens; disabling the account stops them until it is enabled', async () => {
    const person = await signUp(server.url, 'Tess Tokens');
    const script = withToken((await createApiToken(person, 'read-write')).token);
    expect((await person.client.post('/users/logout')).status).toBe(200);
    expect((await script.call('GET', '/wishlists')).status).toBe(200);

    const browser = new ApiClient(server.url);
    expect((await browser.post('/users/login', { email: person.email, password: PASSWORD })).status).toBe(200);
    expect((await browser.put('/users/profile/password', { currentPassword: PASSWORD, newPassword: 'another good password' })).status).toBe(200);
    expect((await script.call('GET', '/wishlists')).status).toBe(200);

    expect((await admin.client.put(`/users/${person.id}/toggle-disable`)).body.isDisabled).toBe(true);
    const disabled = await script.call('GET', '/wishlists');
    expect({ status: disabled.status, body: disabled.body }).toEqual({ status: 403, body: { message: 'This account has been disabled. Contact the site operator.' } });
    expect((await admin.client.put(`/users/${person.id}/toggle-disable`)).body.isDisabled).toBe(false);
    expect((await script.call('GET', '/wishlists')).status).toBe(200);
  });

  it('deleting the account deletes its tokens', async () => {
    const person = await signUp(server.url, 'Gone Soon');
    const token = (await createApiToken(person, 'read')).token;
    expect((await person.client.delete('/users/profile')).status).toBe(200);
    expect((await withToken(token).call('GET', '/wishlists')).status).toBe(401);
  });

  it("shares the account's rate limits: scrapes by token and by session count together", async () => {
    const person = await signUp(server.url, 'Rita Rate');
    const script = withToken((await createApiToken(person, 'read-write')).token);
    const scrape = { url: 'http://127.0.0.1/refused-anyway', userAgent: 'test' };
    for (let i = 0; i < 3; i++) expect((await person.client.post('/scrape', scrape)).status).not.toBe(429);
    const limited = await script.call('POST', '/scrape', scrape);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many product links scraped\./);
  });
});

describe('admin scope', () => {
  it('only an admin token reaches admin routes, and only while its account is an admin', async () => {
    const adminToken = withToken((await createApiToken(admin, 'admin')).token);
    const adminReadWrite = withToken((await createApiToken(admin, 'read-write')).token);
    expect((await adminToken.call('GET', '/users')).status).toBe(200);
    const refused = await adminReadWrite.call('GET', '/users');
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 403,
      body: { message: 'This API token cannot reach admin routes. An admin can create a token with the admin scope.' },
    });
    // The operator's command, run in the worker beside the server (its own connection to the database).
    const demote = await runCommand(['admin', 'demote', admin.email, '--data-dir', server.dataDir], server.cliEnv);
    expect(demote.exitCode).toBe(0);
    try {
      expect((await adminToken.call('GET', '/users')).body).toEqual({ message: 'Only administrators can do that.' });
    } finally {
      await runCommand(['admin', 'promote', admin.email, '--data-dir', server.dataDir], server.cliEnv);
    }
    expect((await adminToken.call('GET', '/users')).status).toBe(200);
  });
});

describe('logs', () => {
  it('never print a token; refusals say a token was used and which', async () => {
    const created = await createApiToken(owner, 'read', { name: 'logged' });
    await withToken(created.token).call('POST', '/wishlists', { name: 'no', theme: 'Other' });
    const refusals = () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"access.refused"') && line.includes(created._id))
        .map((line) => JSON.parse(line));
    await waitUntil(() => refusals().length > 0, 'the refusal logged (after the response)');
    expect(server.output()).not.toContain(created.token.slice(4));
    expect(refusals()).toEqual([expect.objectContaining({ status: 403, userId: owner.id, via: 'api-token', credentialId: created._id, route: 'POST /api/v1/wishlists' })]);
  });
});
