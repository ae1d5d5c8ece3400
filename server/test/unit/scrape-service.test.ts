import { systemClock } from '../../src/clock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseHealth } from '../../src/db/health';
import type { AppContext } from '../../src/app-context';
import { createTokenSigner } from '../../src/auth/tokens';
import { createCookieSealer } from '../../src/auth/sealed-cookies';
import { loadConfig } from '../../src/config';
import { openSqliteStore } from '../../src/db/sqlite-store';
import { LocalFileStorage } from '../../src/storage/local-storage';
import type { ScrapeFailedEvent } from '../../src/events';
import { createServices } from '../../src/services';

let pageRequests = 0;
const shop = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    if (new URL(request.url).pathname === '/broken') return new Response('<title>Error</title>', { status: 500, headers: { 'content-type': 'text/html' } });
    pageRequests++;
    return new Response('<html><head><title>Cached Clock | Shop</title><meta property="og:price:amount" content="30"><meta property="og:price:currency" content="GBP"></head></html>', { headers: { 'content-type': 'text/html' } });
  },
});
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-scrape-service-'));
const ctx: AppContext = {
  clock: systemClock,
  config: loadConfig(['--data-dir', dataDir], { SCRAPE_ALLOW_HOSTS: '127.0.0.1', CHROMIUM_PATH: '/nonexistent' }),
  store: openSqliteStore(join(dataDir, 'wishwell.db')),
  files: new LocalFileStorage(join(dataDir, 'uploads')),
  databaseHealth: new DatabaseHealth(),
  tokens: createTokenSigner('a-test-secret-that-is-long-enough-for-hs256'),
  sealer: createCookieSealer('a-test-secret-that-is-long-enough-for-hs256'),
  version: 'test',
  defaultHostname: 'localhost',
};
const services = createServices(ctx);
const guest = { userId: null, guestListId: 'list-1', ip: '203.0.113.7' };

afterAll(async () => {
  await services.scrape.close();
  await ctx.store.close();
  shop.stop(true);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('scrape service', () => {
  it('answers a repeated link from the cache and logs both attempts', async () => {
    const url = `http://127.0.0.1:${shop.port}/clock`;
    const first = await services.scrape.service.scrape({ url }, guest);
    const second = await services.scrape.service.scrape({ url }, guest);
    expect(second).toEqual(first);
    expect(first).toMatchObject({ title: 'Cached Clock', price: '30.00', currency: 'GBP' });
    expect(pageRequests).toBe(1);
    const logs = (await services.logs.scrape({ q: url })).entries.filter((l) => l.sourceUrl === url);
    expect(logs.map((l) => l.strategy).sort()).toEqual(['cache', 'cheerio']);
    expect(logs.every((l) => l.success && l.ipAddress === '203.0.113.7')).toBe(true);
  });

  it('publishes every failure on the event bus', async () => {
    const events: ScrapeFailedEvent[] = [];
    const unsubscribe = services.events.on('scrape.failed', (event) => events.push(event));
    await expect(services.scrape.service.scrape({ url: `http://127.0.0.1:${shop.port}/broken` }, guest)).rejects.toMatchObject({ kind: 'upstream-failed' });
    await expect(services.scrape.service.scrape({ url: 'http://169.254.169.254/' }, guest)).rejects.toMatchObject({ kind: 'invalid' });
    unsubscribe();
    expect(events).toEqual([
      expect.objectContaining({ sourceUrl: `http://127.0.0.1:${shop.port}/broken`, reason: expect.stringMatching(/^Scraping failed: .*HTTP 500/), ipAddress: '203.0.113.7' }),
      expect.objectContaining({ sourceUrl: 'http://169.254.169.254/', reason: 'Links to private or local network addresses cannot be scraped.' }),
    ]);
  });
});
