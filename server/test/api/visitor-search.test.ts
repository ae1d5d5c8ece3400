import { eq } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_COUNT_CAP, type LogPage, type VisitorLogEntry } from '@wishwell/shared/admin-types';
import { TEST_ENGINE, testDatabaseUrl } from '../support/engine';
import { ManualClock } from '../support/manual-clock';
import { createOldDatabase } from '../support/old-database';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertViews, readViews, type SeededView } from '../support/visitor-rows';
import { signUp, type Account } from '../support/wishlists';

// The visitor log's text search reads the small visitor_profiles table (domain, place, browser)
// and the log's address index, never every row: a rare term among many rows is found at once,
// a common one still pages newest first with its count capped.

const DAY = 86_400_000;
const COMMON = { domain: 'wishes.example.com', city: 'London', country: 'United Kingdom', userAgent: 'Mozilla/5.0 (Common Browser)' };
const RARE: SeededView = { createdAt: new Date(Date.now() - 40 * DAY), domain: 'rare-shop.example.net', city: 'Reykjavík', country: 'Iceland', ipAddress: '10.0.1.2', userAgent: 'Mozilla/5.0 (RareBrowser 7)' };

const search = async (admin: Account, q: string) => {
  const res = await admin.client.get<LogPage<VisitorLogEntry>>(`/logs/visitors?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  return res.body;
};

describe(`searching a large visitor log (${TEST_ENGINE})`, () => {
  let server: TestServer;
  let admin: Account;
  beforeAll(async () => {
    server = await startTestServer({ VISITOR_LOG: 'off' });
    admin = await signUp(server.url, 'Operator');
    const store = await server.openStore();
    try {
      const common = Array.from({ length: LOG_COUNT_CAP + 2_000 }, (_, i): SeededView => ({ ...COMMON, createdAt: new Date(Date.now() - (i + 1) * 60_000), ipAddress: `10.0.1.2${i}` }));
      await insertViews(store, [...common, RARE]);
    } finally {
      await store.close();
    }
  });
  afterAll(() => server.stop());

  it('finds the one view of a rare domain, city, country, user agent or address, ignoring case', async () => {
    for (const q of ['RARE-SHOP.example', 'reykjav', 'Iceland', 'rarebrowser 7', '10.0.1.2']) {
      const page = await search(admin, q);
      expect(page, q).toMatchObject({ total: 1, page: 1 });
      expect(page.totalCapped, q).toBeUndefined();
      expect(page.entries, q).toEqual([{ _id: expect.any(String), createdAt: RARE.createdAt.toISOString(), domain: RARE.domain, city: RARE.city, country: RARE.country, ipAddress: '10.0.1.2', userAgent: RARE.userAgent, views: 1 }]);
    }
  });

  it('matches an address whole (10.0.1.2 is not 10.0.1.20), and finds nothing for a term nowhere in the log', async () => {
    expect((await search(admin, '10.0.1.20')).entries.map((entry) => entry.ipAddress)).toEqual(['10.0.1.20']);
    expect((await search(admin, '10.0.1')).total).toBe(0);
    expect((await search(admin, 'nowhere-at-all')).total).toBe(0);
    expect((await search(admin, '%')).total).toBe(0); // LIKE wildcards are plain text
  });

  it('pages a common term newest first with its count capped, and narrows it by date', async () => {
    const page = await search(admin, 'common browser');
    expect(page).toMatchObject({ total: LOG_COUNT_CAP, totalCapped: true });
    expect(page.entries).toHaveLength(50);
    expect(page.entries[0]!.ipAddress).toBe('10.0.1.20');
    const dates = page.entries.map((entry) => entry.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const day = new Date(RARE.createdAt).toISOString().slice(0, 10);
    const old = await admin.client.get<LogPage<VisitorLogEntry>>(`/logs/visitors?q=mozilla&from=${day}&to=${day}`);
    expect(old.body).toMatchObject({ total: 1, entries: [{ domain: RARE.domain }] });
  });
});

describe(`upgrading a visitor log from before profiles (${TEST_ENGINE})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-visitor-upgrade-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const OLD_ROWS = [
    ['v1', 3, 'gifts.example.com', 'Paris', 'France', '198.51.100.1', 'Firefox/120'],
    ['v2', 1, 'gifts.example.com', 'Paris', 'France', '198.51.100.2', 'Firefox/120'],
    ['v3', 0.5, 'wishes.example.com', '', '', '127.0.0.1', ''],
  ] as const;
  const INSERT = 'INSERT INTO visitor_logs (id, created_at, domain, city, country, ip_address, user_agent) VALUES ($1, $2, $3, $4, $5, $6, $7)';

  it('moves every row into a profile and keeps it searchable, and pruning keeps only the profiles still named', async () => {
    const databaseUrl = await testDatabaseUrl(dataDir);
    const at = (daysAgo: number) => Date.now() - daysAgo * DAY;
    await createOldDatabase(dataDir, databaseUrl, 'visitor-profiles', async (db) => {
      for (const [id, daysAgo, ...rest] of OLD_ROWS) await db.run(INSERT, [id, db.time(at(daysAgo)), ...rest]);
    });

    // VISITOR_LOG_DAYS=2: v1 (3 days old) is pruned shortly after start, and with it nothing else (its profile is v2's too).
    const clock = new ManualClock();
    const server = await startTestServer({ env: { VISITOR_LOG: 'off', VISITOR_LOG_DAYS: '2' }, dataDir, clock });
    try {
      const admin = await signUp(server.url, 'Operator');
      const store = await server.openStore();
      try {
        const profiles = async () => (await store.db.select().from(store.tables.visitorProfiles)).length;
        await clock.advance(1_000); // the pruning job's first turn, a second after start
        expect((await readViews(store)).map((view) => view.id).sort()).toEqual(['v2', 'v3']);
        expect(await profiles()).toBe(2);
        expect((await readViews(store)).find((view) => view.id === 'v2')).toMatchObject({ domain: 'gifts.example.com', city: 'Paris', country: 'France', ipAddress: '198.51.100.2', userAgent: 'Firefox/120' });
        expect((await search(admin, 'firefox')).entries.map((entry) => entry._id)).toEqual(['v2']);
        expect((await search(admin, '127.0.0.1')).entries.map((entry) => entry._id)).toEqual(['v3']);
        await store.db.delete(store.tables.visitorLogs).where(eq(store.tables.visitorLogs.id, 'v3'));
      } finally {
        await store.close();
      }
    } finally {
      await server.stop();
    }
    // The next pruning (shortly after start) removes v3's profile: no row names it any more.
    const restartedClock = new ManualClock();
    const restarted = await startTestServer({ env: { VISITOR_LOG: 'off', VISITOR_LOG_DAYS: '2' }, dataDir, clock: restartedClock });
    try {
      const store = await restarted.openStore();
      try {
        await restartedClock.advance(1_000);
        expect((await store.db.select().from(store.tables.visitorProfiles)).map((profile) => profile.domain)).toEqual(['gifts.example.com']);
      } finally {
        await store.close();
      }
    } finally {
      await restarted.stop();
    }
  });
});
