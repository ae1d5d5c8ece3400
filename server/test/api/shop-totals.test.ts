import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/db/open-store';
import type { DataStore } from '../../src/db/store';
import { TEST_ENGINE, migratedTestDatabase } from '../support/engine';

// Referral Opportunities reads shop_totals, which database triggers keep from items. Whatever
// writes items (one row or many, an edit, a cascaded delete, writers at the same time), the
// totals must equal a recount of the items themselves.
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-shop-totals-'));
let store: DataStore;

beforeAll(async () => {
  store = await openStore({ dataDir, databaseUrl: await migratedTestDatabase(dataDir) });
});
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const now = new Date();
const SHOPS = ['amazon.co.uk', 'etsy.com', 'wayfair.com'];

async function addList(id: string): Promise<void> {
  await store.db.insert(store.tables.wishlists).values({ id, name: id, createdAt: now, updatedAt: now });
}

/** `count` items on `listId`, shops in `shops` order, every fifth without a price, every fourth in EUR. */
function itemsOn(listId: string, count: number, shops = SHOPS) {
  return Array.from({ length: count }, (_, i) => ({
    id: `${listId}-${i}`,
    wishlistId: listId,
    title: `Gift ${i}`,
    shopDomain: shops[i % shops.length]!,
    price: i % 5 === 0 ? 'Price not found' : `${i}.50`,
    priceMinor: i % 5 === 0 ? null : i * 100 + 50,
    quantity: 1 + (i % 2),
    currency: i % 4 === 0 ? 'EUR' : 'GBP',
    createdAt: now,
    updatedAt: now,
  }));
}

async function totals() {
  const { shopTotals } = store.tables;
  return store.db.select().from(shopTotals).orderBy(asc(shopTotals.shopDomain), asc(shopTotals.currency));
}

/** What shop_totals should hold: the items grouped and summed. */
async function recount() {
  const { items } = store.tables;
  const rows = await store.db
    .select({
      shopDomain: items.shopDomain,
      currency: items.currency,
      itemCount: sql<number>`count(*)`.mapWith(Number),
      pricedCount: sql<number>`count(${items.priceMinor})`.mapWith(Number),
      totalMinor: sql<number>`coalesce(sum(${items.priceMinor} * ${items.quantity}), 0)`.mapWith(Number),
    })
    .from(items)
    .where(sql`${items.shopDomain} <> ''`)
    .groupBy(items.shopDomain, items.currency)
    .orderBy(asc(items.shopDomain), asc(items.currency));
  return rows;
}

describe(`shop totals on ${TEST_ENGINE}`, () => {
  it('follow inserts of one item and of many, and leave out items without a shop', async () => {
    await addList('a');
    await store.db.insert(store.tables.items).values(itemsOn('a', 30));
    await store.db.insert(store.tables.items).values({ ...itemsOn('a', 1)[0]!, id: 'no-shop', shopDomain: '' });
    expect(await totals()).toEqual(await recount());
    expect((await totals()).find((row) => row.shopDomain === 'amazon.co.uk' && row.currency === 'EUR')).toEqual({
      shopDomain: 'amazon.co.uk',
      currency: 'EUR',
      itemCount: 3,
      pricedCount: 2, // a-0, a-12 and a-24: a-0 has no price
      totalMinor: 1250 + 2450,
    });
  });

  it('follow edits of price, quantity, shop and currency, and ignore other edits', async () => {
    const { items } = store.tables;
    await store.db.update(items).set({ price: '99', priceMinor: 9900 }).where(eq(items.id, 'a-0'));
    await store.db.update(items).set({ quantity: 5 }).where(eq(items.id, 'a-1'));
    await store.db.update(items).set({ shopDomain: 'newshop.example.com' }).where(eq(items.id, 'a-2'));
    await store.db.update(items).set({ currency: 'USD', shopDomain: '' }).where(eq(items.id, 'a-4'));
    await store.db.update(items).set({ shopDomain: 'etsy.com' }).where(eq(items.id, 'no-shop'));
    await store.db.update(items).set({ title: 'Renamed' }).where(inArray(items.id, ['a-5', 'a-6']));
    expect(await totals()).toEqual(await recount());
    expect((await totals()).filter((row) => row.shopDomain === 'newshop.example.com')).toEqual([
      { shopDomain: 'newshop.example.com', currency: 'GBP', itemCount: 1, pricedCount: 1, totalMinor: 250 },
    ]);
  });

  it("follow deletes, a deleted list's items included, and drop a shop's row with its last item", async () => {
    const { items, wishlists } = store.tables;
    await store.db.delete(items).where(eq(items.id, 'a-2')); // newshop's only item
    expect(await totals()).toEqual(await recount());
    expect((await totals()).some((row) => row.shopDomain === 'newshop.example.com')).toBe(false);
    await store.db.delete(wishlists).where(eq(wishlists.id, 'a')); // its items go by cascade
    expect(await totals()).toEqual([]);
  });

  it('stay exact while many writers add, edit and delete at the same time', async () => {
    await Promise.all(['b', 'c', 'd', 'e'].map(addList));
    const { items, wishlists } = store.tables;
    // Lists whose items name the shops in opposite orders, deleted together: no deadlock, no lost update.
    await store.db.insert(items).values(itemsOn('d', 40, SHOPS));
    await store.db.insert(items).values(itemsOn('e', 40, [...SHOPS].reverse()));
    const writers = Array.from({ length: 40 }, (_, i) =>
      store.transaction(async (tx) => {
        const [item] = itemsOn(i % 2 ? 'b' : 'c', 1).map((row) => ({ ...row, id: `w-${i}`, shopDomain: SHOPS[i % 3]! }));
        await tx.insert(items).values(item!);
        await tx.update(items).set({ quantity: 3 }).where(eq(items.id, `w-${i}`));
      }),
    );
    await Promise.all([...writers, store.db.delete(wishlists).where(eq(wishlists.id, 'd')), store.db.delete(wishlists).where(eq(wishlists.id, 'e'))]);
    expect(await totals()).toEqual(await recount());
    expect((await totals()).reduce((sum, row) => sum + row.itemCount, 0)).toBe(40);
  });
});
