import { systemClock } from '../../src/clock';
import { DatabaseHealth } from '../../src/db/health';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_COUNT_CAP } from '@wishwell/shared/admin-types';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { declaredPolicies } from '../../src/http/access';
import { createTokenSigner } from '../../src/auth/tokens';
import { createCookieSealer } from '../../src/auth/sealed-cookies';
import { openSqliteStore } from '../../src/db/sqlite-store';
import { LocalFileStorage } from '../../src/storage/local-storage';
import { createServices } from '../../src/services';
import { Site } from '../../src/site/site';
import { ApiClient } from '../support/api-client';
import { waitFor } from '../support/backups';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertViews } from '../support/visitor-rows';
import { ManualClock } from '../support/manual-clock';
import { addItem, signUp, type Account } from '../support/wishlists';

let server: TestServer;
let admin: Account;
let member: Account;
let adminToken: string;
let memberToken: string;

async function tokenOf(account: Account): Promise<string> {
  return (await account.client.get('/users/profile')).body.token;
}

/** Every adminOnly route of the real route table, read from the app the server builds. */
async function adminRoutes(): Promise<{ method: string; path: string }[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-routes-'));
  const ctx = {
    config: loadConfig(['--data-dir', dataDir], {}),
    clock: systemClock,
    store: openSqliteStore(join(dataDir, 'wishwell.db')),
    files: new LocalFileStorage(join(dataDir, 'uploads')),
    databaseHealth: new DatabaseHealth(),
    tokens: createTokenSigner('a-secret-only-for-reading-the-route-table'),
    sealer: createCookieSealer('a-secret-only-for-reading-the-route-table'),
    version: 'test',
    defaultHostname: 'localhost',
  };
  try {
    const app = createApp(ctx, createServices(ctx), Site.load([]));
    return app.routes
      .filter((route) => declaredPolicies(route.hooks).includes('adminOnly'))
      .map((route) => ({ method: route.method, path: route.path.replace(/:(\w+)/g, 'no-such-$1') }));
  } finally {
    await ctx.store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The shared server runs in the test worker; the tests that need a server of their own (totals no
// other test may add to) start it after the shared one stopped, so it runs there too, not as a process.
describe('on the shared server', () => {
  beforeAll(async () => {
    server = await startTestServer();
    admin = await signUp(server.url, 'Ada'); // the first account is the admin
    member = await signUp(server.url, 'Bob');
    adminToken = await tokenOf(admin);
    memberToken = await tokenOf(member);
  });
  afterAll(() => server.stop());

  describe('every admin route', () => {
    it('answers 401 signed out and 403 to a non-admin, through the cookie and the bearer alike; admins get through', async () => {
      const routes = await adminRoutes();
      expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining(['GET /api/v1/stats', 'GET /api/v1/users', 'PUT /api/v1/users/no-such-id/toggle-disable', 'GET /api/v1/wishlists/all', 'GET /api/v1/logs/email', 'GET /api/v1/logs/visitors']),
      );
      const bearerOnly = (token: string) => ({ client: new ApiClient(server.url), bearer: token });
      for (const { method, path } of routes) {
        const route = `${method} ${path}`;
        expect((await new ApiClient(server.url).call(method, path)).status, route).toBe(401);
        expect((await member.client.call(method, path)).status, route).toBe(403);
        expect((await bearerOnly(memberToken).client.call(method, path, undefined, { bearer: memberToken })).status, route).toBe(403);
        for (const status of [(await admin.client.call(method, path)).status, (await new ApiClient(server.url).call(method, path, undefined, { bearer: adminToken })).status]) {
          expect([401, 403, 500], route).not.toContain(status);
        }
      }
    });
  });

  describe('users', () => {
    it('lists every account with its domain and role', async () => {
      const res = await admin.client.get(`/users?q=${encodeURIComponent(admin.email)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        entries: [{ _id: admin.id, name: 'Ada', email: admin.email, registeredOnDomain: 'localhost', isAdmin: true, isDisabled: false }],
        total: 1,
        page: 1,
        pageSize: 50,
      });
      expect((await admin.client.get(`/users?q=${encodeURIComponent(member.email.toUpperCase())}`)).body.entries).toEqual([
        { _id: member.id, name: 'Bob', email: member.email, registeredOnDomain: 'localhost', isAdmin: false, isDisabled: false },
      ]);
    });

    it('disables an account: its cookie and bearer sessions stop at once; enabling brings them back', async () => {
      const carol = await signUp(server.url, 'Carol');
      const carolToken = await tokenOf(carol);
      const disabled = await admin.client.put(`/users/${carol.id}/toggle-disable`);
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({ _id: carol.id, isDisabled: true });
      expect((await carol.client.get('/users/profile')).status).toBe(403);
      expect((await new ApiClient(server.url).get('/users/profile', { bearer: carolToken })).status).toBe(403);
      expect((await admin.client.put(`/users/${carol.id}/toggle-disable`)).body.isDisabled).toBe(false);
      expect((await carol.client.get('/users/profile')).status).toBe(200);
    });

    it('refuses to let an admin disable themself', async () => {
      const res = await admin.client.put(`/users/${admin.id}/toggle-disable`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('You cannot disable your own account.');
      expect((await admin.client.get('/users/profile')).status).toBe(200);
    });

    it('answers 404 for an unknown account', async () => {
      expect((await admin.client.put('/users/nobody/toggle-disable')).status).toBe(404);
    });
  });

  describe('wish lists', () => {
    it('lists every list with owner (null for guests), status and items; disabling one closes its share page at once', async () => {
      const list = (await member.client.post('/wishlists', { name: 'Bob birthday' })).body;
      await addItem(member.client, list._id, { title: 'Kite' });
      expect((await new ApiClient(server.url).get(`/wishlists/share/${list._id}`)).status).toBe(200); // now cached
      const guest = new ApiClient(server.url);
      const guestList = (await guest.post('/wishlists/guest', { name: 'My New Wishlist', theme: 'Other' })).body;

      const all = await admin.client.get('/wishlists/all');
      expect(all.status).toBe(200);
      expect(all.body.entries.find((l: { _id: string }) => l._id === list._id)).toEqual({
        _id: list._id,
        name: 'Bob birthday',
        owner: { _id: member.id, name: 'Bob' },
        isDeleted: false,
        isDisabled: false,
        expiresAt: null,
        status: 'Active',
        items: [{ _id: expect.any(String), title: 'Kite', referralProgram: null }],
      });
      expect(all.body.entries.find((l: { _id: string }) => l._id === guestList._id)).toMatchObject({ owner: null, status: 'Active', items: [] });

      expect((await admin.client.put(`/wishlists/${list._id}/toggle-disable`)).body).toEqual({ _id: list._id, isDisabled: true });
      expect((await new ApiClient(server.url).get(`/wishlists/share/${list._id}`)).status).toBe(404);
      expect((await admin.client.get('/wishlists/all')).body.entries.find((l: { _id: string }) => l._id === list._id).status).toBe('Disabled');
      await admin.client.put(`/wishlists/${list._id}/toggle-disable`);
      expect((await new ApiClient(server.url).get(`/wishlists/share/${list._id}`)).status).toBe(200);

      await member.client.delete(`/wishlists/${list._id}`);
      expect((await admin.client.get('/wishlists/all')).body.entries.find((l: { _id: string }) => l._id === list._id).status).toBe('Deleted');
      expect((await admin.client.put('/wishlists/nope/toggle-disable')).status).toBe(404);
    });
  });

  describe('stats', () => {
    it('counts accounts, live lists, items, distinct visitors of the kept period and items per referral program', async () => {
      const stats = await fresh();
      const dave = await signUp(stats.url, 'Dave');
      await signUp(stats.url, 'Erin');
      await admin.client.get('/users'); // unrelated server: must not count
      const owner = stats.admin.client;
      await owner.post('/referral-rules', { matcher: 'amazon.co.uk', programName: 'Amazon UK', referralCode: 'x-21', idRegex: '/dp/([A-Z0-9]{10})', urlStructure: 'https://www.amazon.co.uk/dp/{ID}?tag={TAG}' });
      const list = (await dave.client.post('/wishlists', { name: 'Dave' })).body;
      await addItem(dave.client, list._id, { title: 'Book', url: 'https://www.amazon.co.uk/dp/1849757097' });
      await addItem(dave.client, list._id, { title: 'Lamp', url: 'https://amazon.co.uk/dp/B07G2L3JMM' });
      await addItem(dave.client, list._id, { title: 'Idea' });
      const gone = (await dave.client.post('/wishlists', { name: 'Gone' })).body;
      await dave.client.delete(`/wishlists/${gone._id}`);
      await seedVisitors(stats.server, [
        ['203.0.113.1', 0],
        ['203.0.113.1', 1],
        ['203.0.113.2', 5],
        ['203.0.113.3', 91], // older than VISITOR_LOG_DAYS (90): not counted
      ]);

      const res = await owner.get('/stats');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        totalUsers: 3,
        totalWishlists: 1,
        totalItems: 3,
        uniqueVisitors: 2,
        referralBreakdown: [
          { _id: 'Amazon UK', count: 2 },
          { _id: null, count: 1 },
        ],
      });
      await stats.server.stop();
    });
  });

  describe('logs', () => {
    it('refuses bad paging and filters with a clear 400', async () => {
      for (const query of ['page=0', 'pageSize=1000', 'page=abc', 'status=maybe', 'from=yesterday']) {
        const res = await admin.client.get(`/logs/scrape?${query}`);
        expect(res.status, query).toBe(400);
        expect(res.body.message, query).toEqual(expect.any(String));
      }
    });

    it('pages the visitor log and searches its columns', async () => {
      await seedVisitors(server, [['198.51.100.9', 0, 'Mozilla/5.0 VisitorTest']]);
      const res = await admin.client.get('/logs/visitors?q=visitortest');
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(1);
      expect(res.body.entries[0]).toEqual({
        _id: expect.any(String),
        createdAt: expect.any(String),
        domain: 'localhost',
        city: 'Paris',
        country: 'France',
        ipAddress: '198.51.100.9',
        userAgent: 'Mozilla/5.0 VisitorTest',
        views: 1,
      });
    });
  });
});

describe('logs on a server of their own', () => {
  it('pages the e-mail log newest first with the total, and filters by text, status and date', async () => {
    const clock = new ManualClock(); // moves the mails past their retry's back-off
    const logs = await fresh({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_TRIES: '2', MAIL_RETRY_SECONDS: '60' }, clock); // refused: every try fails
    const accounts = [logs.admin, ...(await Promise.all([1, 2, 3, 4, 5, 6].map((n) => signUp(logs.url, `Mail${n}`))))];
    for (const account of accounts) await new ApiClient(logs.url).post('/users/forgot-password', { email: account.email });
    await new ApiClient(logs.url).post('/users/forgot-password', { email: 'nobody@example.com' }); // no account: no mail
    const client = logs.admin.client;
    const runOutbox = async () => expect((await client.post('/admin/jobs/mail.outbox/run')).status).toBe(200);
    const failed = async () => (await client.get('/logs/email?status=failed')).body.total;
    await waitFor(async () => (await client.get('/logs/email')).body.total === 7); // mails are queued after the answer
    expect(await failed()).toBe(0); // queued, or tried once: neither has failed yet
    await runOutbox();
    const waiting = (await client.get('/logs/email')).body.entries.map((e: { status: string }) => e.status);
    expect(waiting).toEqual(Array(7).fill(expect.stringMatching(/^Retrying: try 1 of 2 failed: /)));
    expect(await failed()).toBe(0);
    clock.jump(61_000);
    await runOutbox(); // the second and last try
    expect(await failed()).toBe(7);

    const first = await client.get('/logs/email?pageSize=3');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.body.entries).toHaveLength(3);
    expect(first.body.entries[0]).toMatchObject({ recipient: expect.stringMatching(/@example\.com$/), subject: expect.any(String), status: expect.not.stringMatching(/^Success$/) });
    const third = await client.get('/logs/email?pageSize=3&page=3');
    expect(third.body.entries).toHaveLength(1);
    const dates = [...first.body.entries, ...(await client.get('/logs/email?pageSize=3&page=2')).body.entries, ...third.body.entries].map((e: { createdAt: string }) => e.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const one = await client.get(`/logs/email?q=${encodeURIComponent(logs.admin.email.toUpperCase())}`);
    expect(one.body.entries.map((e: { recipient: string }) => e.recipient)).toEqual([logs.admin.email]);
    expect((await client.get('/logs/email?q=nobody')).body.total).toBe(0);
    expect((await client.get('/logs/email?q=%25')).body.total).toBe(0); // LIKE wildcards are plain text
    expect((await client.get('/logs/email?status=success')).body.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await client.get(`/logs/email?from=${today}&to=${today}`)).body.total).toBe(7);
    expect((await client.get('/logs/email?to=2000-01-01')).body.total).toBe(0);
    await logs.server.stop();
  });

  it("counts a text search's matches only up to the cap, and says that more match", async () => {
    const own = await fresh();
    try {
      const rows = Array.from({ length: LOG_COUNT_CAP + 5 }, (_, i) => [`10.0.${i >> 8}.${i & 255}`, 1, 'CapTest'] as [string, number, string]);
      for (let at = 0; at < rows.length; at += 1_000) await seedVisitors(own.server, rows.slice(at, at + 1_000));
      await seedVisitors(own.server, [['10.9.9.9', 1, 'Other']]);
      const searched = await own.admin.client.get('/logs/visitors?q=captest&page=2');
      expect(searched.body).toMatchObject({ total: LOG_COUNT_CAP, totalCapped: true, page: 2, pageSize: 50 });
      expect(searched.body.entries).toHaveLength(50);
      const few = await own.admin.client.get('/logs/visitors?q=other');
      expect(few.body).toMatchObject({ total: 1 });
      expect(few.body.totalCapped).toBeUndefined();
      const all = await own.admin.client.get('/logs/visitors'); // no search: the exact count
      expect(all.body.total).toBeGreaterThanOrEqual(LOG_COUNT_CAP + 6);
      expect(all.body.totalCapped).toBeUndefined();
    } finally {
      await own.server.stop();
    }
  });
});

/**
 * A server of its own (stats and log totals must not see the other tests' data), with its admin:
 * a process beside the shared server (stats), in the test worker once that stopped (logs).
 */
async function fresh(env: Record<string, string> = {}, clock?: ManualClock) {
  const own = await startTestServer({ env, clock });
  return { server: own, url: own.url, admin: await signUp(own.url, 'Owner') };
}

/**
 * Visitor log rows and their addresses as page views leave them (here written straight into the
 * server's database; visitor-log.test.ts covers the writer keeping the addresses).
 */
async function seedVisitors(server: TestServer, rows: [ip: string, daysAgo: number, userAgent?: string][]): Promise<void> {
  const store = await server.openStore();
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  try {
    await insertViews(
      store,
      rows.map(([ip, daysAgo, userAgent]) => ({
        createdAt: at(daysAgo),
        domain: 'localhost',
        city: 'Paris',
        country: 'France',
        ipAddress: ip,
        userAgent: userAgent ?? 'Mozilla/5.0',
      })),
    );
    const latest = new Map<string, number>();
    for (const [ip, daysAgo] of rows) latest.set(ip, Math.min(daysAgo, latest.get(ip) ?? daysAgo));
    const addresses = [...latest].map(([ipAddress, daysAgo]) => ({ ipAddress, lastSeenAt: at(daysAgo) }));
    await store.db.insert(store.tables.visitorAddresses).values(addresses).onConflictDoNothing();
  } finally {
    await store.close();
  }
}
