/**
 * Claims under settings of their own, each on a server of its own in the test worker (one at a
 * time: reservations.test.ts keeps its server for the whole file): the reservation-link limit,
 * and databases upgraded from before claims.
 */
import { Database } from 'bun:sqlite';
import { SQL } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFile } from '../../src/db/open-store';
import { SQLITE_MIGRATIONS } from '../../src/db/migrations';
import { ApiClient } from '../support/api-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, guestWithList, ownerItem } from '../support/wishlists';

describe('limits', () => {
  it('answers 429 once an address has used up its reservation-link calls', async () => {
    const limited = await startTestServer({ RATE_LIMIT_CLAIM_IP: '3' });
    try {
      const guest = new ApiClient(limited.url);
      const statuses = [];
      for (let n = 0; n < 4; n++) statuses.push((await guest.get(`/claims/guess-${n}`)).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
    } finally {
      await limited.stop();
    }
  });
});

/** Raw SQL on a test server's own database, with the server stopped (the schema of an older version). */
async function runSql(target: { dataDir: string; databaseUrl: string | null }, statements: string[]) {
  if (target.databaseUrl) {
    const client = new SQL(target.databaseUrl, { max: 1 });
    for (const statement of statements) await client.unsafe(statement);
    await client.close();
    return;
  }
  const sqlite = new Database(databaseFile(target.dataDir));
  for (const statement of statements) sqlite.run(statement);
  sqlite.close();
}

/** The migrations that brought claims, surprise mode and pledges: the test takes them back. */
const CLAIM_MIGRATIONS = SQLITE_MIGRATIONS.map((migration) => migration.name).filter((name) => /_(claims|surprise|pledges)$/.test(name));
/** The migration that makes every item's totals its claims' sums again. */
const TOTALS_MIGRATION = SQLITE_MIGRATIONS.find((migration) => migration.name.endsWith('_claim-totals'))!.name;

describe('upgrading a database from before claims', () => {
  it('turns existing purchases into claims, so counts, names and re-list stay right', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-upgrade-'));
    const old = await startTestServer({}, dataDir);
    let upgraded: TestServer | undefined;
    try {
      const { client: owner, list } = await guestWithList(old.url);
      const item = await addItem(owner, list._id, { title: 'Vase', quantity: 3 });
      await new ApiClient(old.url).put(`/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: 2 });
      await old.stop();
      // Back to the schema before claims: the count and names lived on the item.
      await runSql(old, [
        `ALTER TABLE items ADD COLUMN purchased_by text NOT NULL DEFAULT ''`,
        `UPDATE items SET purchased_by = 'Ann, Bob' WHERE quantity_purchased > 0`,
        'DROP TABLE claims',
        ...['pledged_minor', 'pledge_count'].map((column) => `ALTER TABLE items DROP COLUMN ${column}`),
        ...['surprise_until', 'editors_see_claims', 'reveal_mailed_at', 'allow_over_pledge'].map((column) => `ALTER TABLE wishlists DROP COLUMN ${column}`),
        ...CLAIM_MIGRATIONS.map((name) => `DELETE FROM schema_migrations WHERE name = '${name}'`),
      ]);
      upgraded = await startTestServer({}, dataDir);
      const sameBrowser = new ApiClient(upgraded.url);
      for (const [name, value] of owner.cookies) sameBrowser.cookies.set(name, value);
      expect(await ownerItem(sameBrowser, list._id, item._id)).toMatchObject({ quantityPurchased: 2, purchasedBy: 'Ann, Bob' });
      const path = `/wishlists/share/${list._id}/items/${item._id}`;
      expect((await new ApiClient(upgraded.url).put(path, { quantityPurchased: 2 })).status).toBe(409);
      expect((await new ApiClient(upgraded.url).put(path, { quantityPurchased: 1, purchasedBy: 'Cy' })).status).toBe(200);
      expect(await ownerItem(sameBrowser, list._id, item._id)).toMatchObject({ quantityPurchased: 3, purchasedBy: 'Ann, Bob, Cy' });
      expect((await sameBrowser.put(`/wishlists/${list._id}/items/${item._id}/unpurchase`)).body).toMatchObject({ quantityPurchased: 0 });
      expect(await ownerItem(sameBrowser, list._id, item._id)).toMatchObject({ quantityPurchased: 0, purchasedBy: '' });
    } finally {
      await upgraded?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
  it('repairs the totals older versions left apart from their claims', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-totals-'));
    const old = await startTestServer({}, dataDir);
    let upgraded: TestServer | undefined;
    try {
      const { client: owner, list } = await guestWithList(old.url);
      const teapot = await addItem(owner, list._id, { title: 'Teapot', quantity: 5 });
      const vase = await addItem(owner, list._id, { title: 'Vase' });
      for (const quantityPurchased of [3, 2]) await new ApiClient(old.url).put(`/wishlists/share/${list._id}/items/${teapot._id}`, { quantityPurchased });
      await old.stop();
      // What an owner lowering the quantity and a copied group gift left behind: a trimmed count, pledge totals without pledges.
      await runSql(old, [
        `UPDATE items SET quantity = 2, quantity_purchased = 2 WHERE id = '${teapot._id}'`,
        `UPDATE items SET pledged_minor = 6000, pledge_count = 1 WHERE id = '${vase._id}'`,
        `DELETE FROM schema_migrations WHERE name = '${TOTALS_MIGRATION}'`,
      ]);
      upgraded = await startTestServer({}, dataDir);
      const sameBrowser = new ApiClient(upgraded.url);
      for (const [name, value] of owner.cookies) sameBrowser.cookies.set(name, value);
      expect(await ownerItem(sameBrowser, list._id, teapot._id)).toMatchObject({ quantity: 5, quantityPurchased: 5, isPurchased: true });
      expect(await ownerItem(sameBrowser, list._id, vase._id)).toMatchObject({ quantityPurchased: 0, pledgedTotal: '0.00', pledgeCount: 0, isPurchased: false });
    } finally {
      await upgraded?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
