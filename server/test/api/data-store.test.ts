import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/db/open-store';
import { rawStatement } from '../../src/db/raw-statement';
import type { DataStore } from '../../src/db/store';
import { EventBus, type ScrapeFailedEvent } from '../../src/events';
import { TEST_ENGINE, testDatabaseUrl } from '../support/engine';
import { waitUntil } from '../support/wait';
import { batchRowsOf } from '../../src/features/visitors/batch-rows';
import { listWritesOf } from '../../src/features/wishlists/list-writes';

// The seam itself, on the engine of this run: what every service relies on.
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-store-'));
let databaseUrl: string | null;
let store: DataStore;

beforeAll(async () => {
  databaseUrl = await testDatabaseUrl(dataDir);
  // Replicas starting together on a fresh database: one migrates, the others wait and find it done
  // (a second run of the migration would fail: its CREATE TABLEs have no IF NOT EXISTS).
  const starting = await Promise.all([1, 2, 3].map(() => openStore({ dataDir, databaseUrl })));
  store = starting[0]!;
  await Promise.all(starting.slice(1).map((other) => other.close()));
});
afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const now = new Date();
const owner = { id: 'owner', name: 'Owner', email: 'owner@example.com', passwordHash: '!', createdAt: now, updatedAt: now };

describe(`the data store on ${TEST_ENGINE}`, () => {
  it('keeps timestamps, flags and nulls as JavaScript values', async () => {
    const { users, wishlists } = store.tables;
    await store.db.insert(users).values(owner);
    const expiresAt = new Date('2030-01-02T03:04:05.678Z');
    await store.db.insert(wishlists).values({ id: 'list', name: 'Party', ownerId: owner.id, expiresAt, isRecurring: true, createdAt: now, updatedAt: now });
    const [list] = await store.db.select().from(wishlists).where(eq(wishlists.id, 'list'));
    expect(list).toMatchObject({ expiresAt, isRecurring: true, isDeleted: false, coverImage: null, ownerId: owner.id });
    expect(await store.db.select({ n: count() }).from(wishlists).where(and(eq(wishlists.isDeleted, false), eq(wishlists.ownerId, owner.id)))).toEqual([{ n: 1 }]);
  });

  it('rolls a failed transaction back whole and keeps what others wrote meanwhile', async () => {
    const { referralRules } = store.tables;
    const rule = (id: string) => ({ id, matcher: `${id}.example`, programName: id, createdAt: now, updatedAt: now });
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    let fail!: () => void;
    const failNow = new Promise<void>((resolve) => (fail = resolve));
    const failing = store.transaction(async (tx) => {
      await tx.insert(referralRules).values(rule('rolled-back'));
      inserted();
      await failNow;
      throw new Error('fails');
    });
    // Watched at once: the transaction fails while the insert below may still be waiting.
    const failed = expect(failing).rejects.toThrow('fails');
    await insertedInTransaction;
    // Sent while the transaction is open: one turn of the event loop takes it to the database
    // (PostgreSQL) or to the queue behind the transaction (SQLite) before the transaction fails.
    const keeping = (async () => void (await store.db.insert(referralRules).values(rule('kept'))))();
    await new Promise((resolve) => setImmediate(resolve));
    fail();
    await Promise.all([failed, keeping]);
    expect((await store.db.select({ id: referralRules.id }).from(referralRules)).map((r) => r.id)).toEqual(['kept']);
  });

  it('answers a group commit write with its own result, and fails a broken one alone', async () => {
    const { items } = store.tables;
    const item = (id: string, quantity: number) => ({ id, wishlistId: 'list', title: id, quantity, createdAt: now, updatedAt: now });
    const outcomes = await Promise.allSettled([
      store.groupCommit((db) => db.insert(items).values(item('a', 1)).returning({ id: items.id })),
      store.groupCommit((db) => db.insert(items).values(item('b', 0)).returning({ id: items.id })), // breaks items_quantity_min
      store.groupCommit((db) => db.insert(items).values(item('c', 2)).returning({ id: items.id })),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: [{ id: 'a' }] });
    expect((await store.db.select({ id: items.id }).from(items)).map((r) => r.id).sort()).toEqual(['a', 'c']);
  });

  it('builds prepared statements once and runs them on the transaction they are handed to', async () => {
    const { referralRules } = store.tables;
    let builds = 0;
    const insertRuleOn = store.prepared((db) => {
      builds += 1;
      const column = (name: string) => sql.placeholder(name);
      return db
        .insert(referralRules)
        .values({ id: column('id'), matcher: column('id'), programName: column('id'), createdAt: column('now'), updatedAt: column('now') })
        .returning({ id: referralRules.id })
        .prepare();
    });
    const insertRule = (db: Parameters<typeof insertRuleOn>[0], id: string) => insertRuleOn(db).execute({ id, now });
    expect(await store.transaction((tx) => insertRule(tx, 'prepared-committed'))).toEqual([{ id: 'prepared-committed' }]);
    const undone = store.transaction(async (tx) => {
      await insertRule(tx, 'prepared-undone');
      throw new Error('fails');
    });
    await expect(undone).rejects.toThrow('fails');
    await insertRule(store.db, 'prepared-outside');
    const ids = (await store.db.select({ id: referralRules.id }).from(referralRules)).map((r) => r.id).filter((id) => id.startsWith('prepared'));
    expect(ids.sort()).toEqual(['prepared-committed', 'prepared-outside']);
    // Once for the store on PostgreSQL; on SQLite once more for the one instance every transaction shares.
    expect(builds).toBe(TEST_ENGINE === 'postgres' ? 1 : 2);
  });

  it("the list writes' helpers mean the same on both engines", async () => {
    const { items } = store.tables;
    const [row] = await store.db
      .select({
        smaller: listWritesOf(store.engine).smaller(items.quantity, 1),
      })
      .from(items)
      .where(eq(items.id, 'c'));
    expect(row).toEqual({ smaller: 1 });
  });

  it('adds the row of an update-then-insert only when its UPDATE changed one, and neither when the INSERT fails', async () => {
    const { items, claims } = store.tables;
    const addUnitsOn = store.prepared((db) =>
      listWritesOf(store.engine).updateThenInsert(
        db,
        db
          .update(items)
          .set({ quantityPurchased: sql`${items.quantityPurchased} + ${sql.placeholder('units')}` })
          .where(and(eq(items.id, sql.placeholder('itemId')), sql`${items.quantityPurchased} + ${sql.placeholder('units')} <= ${items.quantity}`))
          .returning({ id: items.id, quantityPurchased: items.quantityPurchased }),
        {
          table: claims,
          values: {
            id: sql.placeholder('claimId'),
            itemId: sql.placeholder('itemId'),
            wishlistId: 'list',
            quantity: sql.placeholder('units'),
            kind: 'purchase',
            amountMinor: 0,
            name: 'Guest',
            email: '',
            userId: null,
            tokenHash: null,
            createdAt: sql.placeholder('now'),
            updatedAt: sql.placeholder('now'),
          },
        },
      ),
    );
    const addUnits = (claimId: string, units: number) => store.compoundWrite((db) => addUnitsOn(db).execute({ itemId: 'c', claimId, units, now }));
    expect(await addUnits('fits', 2)).toEqual([{ id: 'c', quantityPurchased: 2 }]);
    expect(await addUnits('too-many', 1)).toEqual([]);
    await expect(addUnits('negative', -1)).rejects.toThrow(); // the UPDATE fits, the claim breaks claims_quantity_min
    const itemNow = await store.db.select({ quantityPurchased: items.quantityPurchased }).from(items).where(eq(items.id, 'c'));
    expect(itemNow).toEqual([{ quantityPurchased: 2 }]);
    const added = await store.db.select({ id: claims.id, quantity: claims.quantity, createdAt: claims.createdAt }).from(claims).where(eq(claims.itemId, 'c'));
    expect(added).toEqual([{ id: 'fits', quantity: 2, createdAt: now }]);
  });

  it('updates from a source row: the UPDATE reads it, the following UPDATE runs only after a change, both or neither', async () => {
    const { items, claims } = store.tables;
    const setUnitsOn = store.prepared((db) => {
      const delta = sql`${sql.placeholder('units')} - ${claims.quantity}`;
      const fitting = sql<number | null>`CASE WHEN ${items.quantityPurchased} + ${delta} <= ${items.quantity} THEN ${items.quantityPurchased} + ${delta} END`;
      const claim = db.$with('claim').as(
        listWritesOf(store.engine).lockingRowsOf(
          db
            .select({ id: claims.id, itemId: claims.itemId, quantity: claims.quantity, itemTotal: fitting.as('item_total') })
            .from(claims)
            .innerJoin(items, eq(items.id, claims.itemId))
            .where(eq(claims.id, sql.placeholder('claimId'))),
          claims,
          items,
        ),
      );
      return listWritesOf(store.engine).updateFromSource(
        db,
        claim,
        (builder) =>
          builder
            .update(items)
            .set({ quantityPurchased: sql`(SELECT ${claim.itemTotal} FROM ${claim})` })
            .where(eq(items.id, sql`(SELECT ${claim.itemId} FROM ${claim} WHERE ${claim.itemTotal} IS NOT NULL)`))
            .returning({ id: items.id, quantityPurchased: items.quantityPurchased }),
        { table: claims, set: { quantity: sql`${sql.placeholder('claimUnits')}` }, where: eq(claims.id, sql.placeholder('claimId')) },
      );
    });
    const setUnits = (claimId: string, units: number, claimUnits = units) => store.compoundWrite((db) => setUnitsOn(db).execute({ claimId, units, claimUnits }));
    const unitsNow = async () => ({
      item: (await store.db.select({ n: items.quantityPurchased }).from(items).where(eq(items.id, 'c')))[0]?.n,
      claim: (await store.db.select({ n: claims.quantity }).from(claims).where(eq(claims.id, 'fits')))[0]?.n,
    });
    // Item c (quantity 2) holds the 2 units of claim 'fits' (the test before).
    expect(await setUnits('fits', 1)).toEqual([{ source: { id: 'fits', itemId: 'c', quantity: 2, itemTotal: 1 }, changed: { id: 'c', quantityPurchased: 1 } }]);
    expect(await unitsNow()).toEqual({ item: 1, claim: 1 });
    expect(await setUnits('fits', 3)).toEqual([]);
    expect(await setUnits('nobody', 1)).toEqual([]);
    await expect(setUnits('fits', 2, -1)).rejects.toThrow(); // the item takes the unit, the claim breaks claims_quantity_min
    expect(await unitsNow()).toEqual({ item: 1, claim: 1 });
  });

  describe('off-thread writes', () => {
    const addresses = (...ips: string[]) => {
      const batch = batchRowsOf(store.engine);
      const insert = store.db
        .insert(store.tables.visitorAddresses)
        .select(sql`SELECT ${batch.field(0, 'text')}, ${batch.field(1, 'timestamp')} FROM ${batch.rows(sql.placeholder('rows'))}`);
      return rawStatement(insert)({ rows: JSON.stringify(ips.map((ip) => [ip, now.getTime()])) });
    };
    const addressesNamed = async (prefix: string) => {
      const { visitorAddresses } = store.tables;
      return (await store.db.select({ ip: visitorAddresses.ipAddress }).from(visitorAddresses).where(sql`${visitorAddresses.ipAddress} LIKE ${`${prefix}%`}`)).map((r) => r.ip);
    };

    it('commit all their statements or none', async () => {
      // The second statement breaks the primary key: the first one's rows must not stay.
      await expect(store.writeOffThread([addresses('off-a', 'off-b'), addresses('off-c', 'off-a')])).rejects.toThrow();
      expect(await addressesNamed('off-')).toEqual([]);
      await store.writeOffThread([addresses('off-a', 'off-b'), addresses('off-c')]);
      expect((await addressesNamed('off-')).sort()).toEqual(['off-a', 'off-b', 'off-c']);
    });

    it.skipIf(TEST_ENGINE !== 'sqlite')('hold the connection: a statement made meanwhile waits for the write and sees it (SQLite)', async () => {
      const written = store.writeOffThread([addresses(...Array.from({ length: 2000 }, (_, i) => `wait-${i}`))]);
      const seenMeanwhile = addressesNamed('wait-');
      await written;
      expect(await seenMeanwhile).toHaveLength(2000);
    });
  });

  it('answers ping while open', async () => {
    expect(await store.ping()).toBe(true);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('an event published by one replica reaches the listeners of another', async () => {
    const other = await openStore({ dataDir, databaseUrl });
    try {
      const here = new EventBus(store.changes);
      const there = new EventBus(other.changes);
      await Promise.all([here.listen(), there.listen()]);
      const heard: ScrapeFailedEvent[] = [];
      const heardHere: ScrapeFailedEvent[] = [];
      there.on('scrape.failed', (event) => heard.push(event));
      here.on('scrape.failed', (event) => heardHere.push(event));
      const event = { at: new Date().toISOString(), sourceUrl: 'https://shop.example/x', reason: 'Scraping failed: HTTP 500', requestedById: null, ipAddress: '203.0.113.9' };
      here.publish('scrape.failed', event);
      await waitUntil(() => heard.length > 0, 'the event on the other replica');
      expect(heard).toEqual([event]);
      // Its own notice comes back before this one from the other replica: by then it would have been delivered again.
      const marker = { ...event, sourceUrl: 'https://shop.example/marker' };
      there.publish('scrape.failed', marker);
      await waitUntil(() => heardHere.length > 1, 'the marker event back here');
      expect(heardHere).toEqual([event, marker]); // once: its own notice coming back is not delivered again
    } finally {
      await other.close();
    }
  });

  it('runs a scheduled job on one replica at a time', async () => {
    const other = TEST_ENGINE === 'postgres' ? await openStore({ dataDir, databaseUrl }) : store;
    try {
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      let running!: () => void;
      const firstRuns = new Promise<void>((resolve) => (running = resolve));
      const first = store.runExclusive('prune-logs', () => {
        running();
        return holding;
      });
      await firstRuns; // it holds the job's lock from here until released
      const second = await other.runExclusive('prune-logs', async () => {});
      release();
      expect(await first).toBe(true);
      // PostgreSQL: the other replica skipped its turn; SQLite has one process, which runs every job.
      expect(second).toBe(TEST_ENGINE === 'sqlite');
      expect(await other.runExclusive('prune-logs', async () => {})).toBe(true);
    } finally {
      if (other !== store) await other.close();
    }
  });
});
