import { systemClock } from '../../src/clock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { VISITOR_LOG_CROWD_AFTER } from '@wishwell/shared/admin-types';
import { openSqliteStore } from '../../src/db/sqlite-store';
import { geoIpFiles } from '../../src/features/visitors/geo-ip';
import { PageViewLog } from '../../src/features/visitors/page-views';
import { setLogWriter } from '../../src/log';
import { readViews } from '../support/visitor-rows';

const dir = mkdtempSync(join(tmpdir(), 'wishwell-page-view-log-'));
const store = openSqliteStore(join(dir, 'wishwell.db'));
const log = new PageViewLog(store, systemClock, { enabled: true, keepDays: 90, geoIpFiles: geoIpFiles(null) });
afterAll(async () => {
  await log.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = new Response('<!doctype html>', { headers: { 'content-type': 'text/html; charset=utf-8' } });
const request = new Request('https://gifts.example/share/wishlist/abc', { headers: { 'user-agent': 'Mozilla/5.0 (flood test)' } });

/** Runs `test` on an empty log, the server's log lines captured: `dropped()` is what the `visitor-log.dropped` warning names. */
async function onEmptyLogWithWarnings(test: (dropped: () => number | undefined) => Promise<void>): Promise<void> {
  await store.db.delete(store.tables.visitorLogs);
  const lines: string[] = [];
  const printed = setLogWriter((line) => lines.push(line));
  try {
    await test(() => lines.map((line) => JSON.parse(line) as { event: string; dropped?: number }).find((line) => line.event === 'visitor-log.dropped')?.dropped);
  } finally {
    setLogWriter(printed);
  }
}

describe('visitor log under a flood', () => {
  it('counts every view of a flood from new addresses: the first 250 visitors of a take one by one, the rest on their domain\'s crowd row', async () => {
    // A popular list shared at once: 25,000 views within the same second, each from a new address,
    // and a few views of another domain among the crowd.
    const origin = 'https://gifts.example';
    for (let n = 0; n < 25_000; n++) log.record(request, '/share/wishlist/abc', { origin, ip: `81.2.${(n >> 8) & 255}.${n & 255}` }, page);
    for (let n = 0; n < 7; n++) log.record(request, '/', { origin: 'https://other.example', ip: `81.5.0.${n}` }, page);
    // The first visitors' reloads are still counted on their own rows.
    for (let n = 0; n < 3; n++) log.record(request, '/share/wishlist/abc', { origin, ip: '81.2.0.0' }, page);
    await log.flush();
    const { visitorLogs, visitorAddresses } = store.tables;
    const rows = await readViews(store);
    const logged = await store.db.select().from(visitorLogs);
    expect(logged.reduce((views, row) => views + row.views, 0)).toBe(25_010);
    expect(rows.filter((row) => row.ipAddress !== '')).toHaveLength(VISITOR_LOG_CROWD_AFTER);
    expect(logged.find((row) => row.ipAddress === '81.2.0.0')?.views).toBe(4);
    const crowds = rows.filter((row) => row.ipAddress === '').map(({ domain, city, country, userAgent, id }) => ({ domain, city, country, userAgent, views: logged.find((row) => row.id === id)?.views }));
    expect(crowds.sort((a, b) => a.domain.localeCompare(b.domain))).toEqual([
      { domain: 'gifts.example', city: '', country: '', userAgent: '', views: 25_000 - VISITOR_LOG_CROWD_AFTER },
      { domain: 'other.example', city: '', country: '', userAgent: '', views: 7 },
    ]);
    // Unique Visitors counts the addresses logged one by one; a crowd has none.
    expect(await store.db.$count(visitorAddresses)).toBe(VISITOR_LOG_CROWD_AFTER);
    // The next take logs new visitors one by one again.
    log.record(request, '/', { origin, ip: '81.6.0.1' }, page);
    await log.flush();
    expect((await store.db.select().from(visitorLogs)).filter((row) => row.ipAddress === '81.6.0.1')).toHaveLength(1);
  });

  it('counts the crowds of at most 100 domains in a take: views naming further ones (Host headers are the client\'s) are dropped and counted', async () => {
    await onEmptyLogWithWarnings(async (dropped) => {
      for (let n = 0; n < VISITOR_LOG_CROWD_AFTER; n++) log.record(request, '/', { origin: 'https://gifts.example', ip: `81.7.${n >> 8}.${n & 255}` }, page);
      for (let n = 0; n < 150; n++) log.record(request, '/', { origin: `https://host-${n}.example`, ip: `81.8.0.${n}` }, page);
      await log.flush();
      const crowds = (await readViews(store)).filter((row) => row.ipAddress === '');
      expect(crowds).toHaveLength(100);
      expect(dropped()).toBe(50);
    });
  });

  it("counts a reload flood's views on one row per visitor and batch, keeping every view", async () => {
    const { visitorLogs } = store.tables;
    await store.db.delete(visitorLogs);
    const reloader = { origin: 'https://gifts.example', ip: '81.2.69.142' };
    const otherBrowser = new Request(request.url, { headers: { 'user-agent': 'Mozilla/5.0 (another browser)' } });
    for (let n = 0; n < 50_000; n++) log.record(request, '/share/wishlist/abc', reloader, page);
    log.record(otherBrowser, '/share/wishlist/abc', reloader, page);
    log.record(request, '/', { ...reloader, origin: 'https://other.example' }, page);
    await log.flush();
    const rows = await store.db.select().from(visitorLogs);
    expect(rows.map((row) => row.views).sort((a, b) => a - b)).toEqual([1, 1, 50_000]);
  });

  it("keeps every view of a visitor whose views span takes, or who comes after 200 others in the same second", async () => {
    const { visitorLogs } = store.tables;
    await store.db.delete(visitorLogs);
    const reloader = { origin: 'https://gifts.example', ip: '81.2.69.150' };
    for (let n = 0; n < 10; n++) log.record(request, '/share/wishlist/abc', reloader, page);
    await log.flush();
    for (let n = 0; n < 5; n++) log.record(request, '/share/wishlist/abc', reloader, page);
    for (let n = 0; n < 200; n++) log.record(request, '/', { origin: 'https://gifts.example', ip: `81.4.1.${n}` }, page);
    const late = { origin: 'https://gifts.example', ip: '81.2.69.151' };
    for (let n = 0; n < 100; n++) log.record(request, '/share/wishlist/abc', late, page);
    await log.flush();
    const rows = await store.db.select().from(visitorLogs);
    expect(rows.filter((row) => row.ipAddress === reloader.ip).map((row) => row.views).sort((a, b) => a - b)).toEqual([5, 10]);
    expect(rows.filter((row) => row.ipAddress === late.ip).map((row) => row.views)).toEqual([100]);
    expect(rows).toHaveLength(2 + 200 + 1);
  });

  it('adds at most 20 rows a batch for one address: views of further browsers are counted on its first row', async () => {
    const { visitorLogs } = store.tables;
    await store.db.delete(visitorLogs);
    const rotating = { origin: 'https://gifts.example', ip: '81.2.69.143' };
    for (let n = 0; n < 200; n++) {
      const browser = new Request(request.url, { headers: { 'user-agent': `Mozilla/5.0 (rotating ${n})` } });
      log.record(browser, '/share/wishlist/abc', rotating, page);
    }
    log.record(request, '/', { ...rotating, ip: '81.2.69.144' }, page); // another address has rows of its own
    await log.flush();
    const rows = await store.db.select().from(visitorLogs);
    expect(rows.filter((row) => row.ipAddress === rotating.ip)).toHaveLength(20);
    expect(rows.filter((row) => row.ipAddress === '81.2.69.144')).toHaveLength(1);
    expect(rows.reduce((views, row) => views + row.views, 0)).toBe(201);
    expect(Math.max(...rows.map((row) => row.views))).toBe(200 - 19);
  });

  it('holds at most its ring of views while the writes are behind: the rest are dropped, counted in the log, and logging goes on', async () => {
    const { visitorLogs } = store.tables;
    await onEmptyLogWithWarnings(async (dropped) => {
      // Takes of 250 new visitors each asked for within one turn of the event loop: none is made
      // before the others are queued, like takes waiting behind a stalled database.
      const longAgent = new Request(request.url, { headers: { 'user-agent': `Mozilla/5.0 (${'x'.repeat(480)})` } });
      const recorded = 20_000; // ~10 MB of views: more than the ring holds
      for (let n = 0; n < recorded; n++) {
        log.record(longAgent, '/', { origin: 'https://gifts.example', ip: `81.3.${n >> 8}.${n & 255}` }, page);
        if ((n + 1) % VISITOR_LOG_CROWD_AFTER === 0) void log.flush();
      }
      await log.flush();
      const logged = await store.db.$count(visitorLogs);
      expect(logged).toBeGreaterThan(5_000);
      expect(logged).toBeLessThan(recorded);
      expect(dropped()).toBe(recorded - logged);

      log.record(request, '/', { origin: 'https://gifts.example', ip: '81.2.69.145' }, page);
      await log.flush();
      expect(await store.db.$count(visitorLogs)).toBe(logged + 1);
    });
  });
});
