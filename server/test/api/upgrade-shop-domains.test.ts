import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ENGINE, testDatabaseUrl } from '../support/engine';
import { createOldDatabase } from '../support/old-database';
import { startTestServer } from '../support/test-server';
import { signUp } from '../support/wishlists';

// A database from before items kept their shop's domain and price in minor units: the migrations
// that add the columns fill them from each item's link and price (and the shop totals from them),
// so Referral Opportunities counts the old items at once.

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-upgrade-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The migrations before the one that added items.shop_domain. */
const OLD_ITEMS = [
  ['i1', 'https://www.Amazon.co.uk/dp/B07G2L3JMM', '12.50', 2, 'GBP'],
  ['i2', 'HTTPS://amazon.co.uk:443/dp/1849757097?ref=x', '', 1, 'GBP'],
  ['i3', 'http://user@shop.example.com:8080/p/1', '10', 1, 'EUR'],
  ['i4', '', '5', 1, 'GBP'],
  ['i5', 'ftp://files.example.com/a', '5', 1, 'GBP'],
] as const;

const INSERT_LIST = "INSERT INTO wishlists (id, name, created_at, updated_at) VALUES ('old-list', 'From before', $1, $1)";
const INSERT_ITEM = 'INSERT INTO items (id, wishlist_id, title, url, price, quantity, currency, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)';

async function createDomainFreeDatabase(databaseUrl: string | null): Promise<void> {
  await createOldDatabase(dataDir, databaseUrl, 'shop-domains-visitor-addresses', async (db) => {
    const now = db.time(Date.now());
    await db.run(INSERT_LIST, [now]);
    for (const [id, url, price, quantity, currency] of OLD_ITEMS) await db.run(INSERT_ITEM, [id, 'old-list', `Gift ${id}`, url, price, quantity, currency, now]);
  });
}

describe(`upgrading a database with items (${TEST_ENGINE})`, () => {
  it("fills each old item's shop domain from its link, and Referral Opportunities counts them", async () => {
    const databaseUrl = await testDatabaseUrl(dataDir);
    await createDomainFreeDatabase(databaseUrl);

    const server = await startTestServer({}, dataDir);
    try {
      const store = await server.openStore();
      try {
        const { items } = store.tables;
        const rows = await store.db.select({ id: items.id, shopDomain: items.shopDomain, priceMinor: items.priceMinor }).from(items);
        expect(Object.fromEntries(rows.map((row) => [row.id, row.shopDomain]))).toEqual({ i1: 'amazon.co.uk', i2: 'amazon.co.uk', i3: 'shop.example.com', i4: '', i5: '' });
        expect(Object.fromEntries(rows.map((row) => [row.id, row.priceMinor]))).toEqual({ i1: 1250, i2: null, i3: 1000, i4: 500, i5: 500 });
      } finally {
        await store.close();
      }
      const admin = await signUp(server.url, 'Operator'); // the first account: the admin
      const report = await admin.client.get('/stats/referral-opportunities');
      expect(report.status).toBe(200);
      expect(report.body.entries).toEqual([
        { domain: 'amazon.co.uk', itemCount: 2, totalValue: 25, totals: [{ currency: 'GBP', total: 25 }], hasReferralRule: false },
        { domain: 'shop.example.com', itemCount: 1, totalValue: 0, totals: [{ currency: 'EUR', total: 10 }], hasReferralRule: false },
      ]);
    } finally {
      await server.stop();
    }
  });
});
