/**
 * Durability: a crash (kill -9) in the middle of purchases, pledges and item adds loses no
 * acknowledged write, keeps every item's totals equal to the sums of its claims, and leaves an intact database; SIGTERM lets in-flight requests finish and closes the
 * database cleanly.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sum } from 'drizzle-orm';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startServerProcess, TEST_ENGINE, withStore } from '../support/test-server';
import { waitUntil } from '../support/wait';
import { addItem, signUp } from '../support/wishlists';

const ROUNDS = 15;
const WRITERS = 6;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function freshDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wishwell-durability-'));
  dirs.push(dir);
  return dir;
}

describe('kill -9 during a write loop', () => {
  it(`loses no acknowledged purchase, pledge or item over ${ROUNDS} rounds; totals match their claims and integrity_check stays ok`, async () => {
    const dataDir = freshDir();
    let server = await startServerProcess({}, dataDir);
    const admin = await signUp(server.url, 'Admin'); // the first account: it may run the integrity check
    const list = (await admin.client.post<Wishlist>('/wishlists', { name: 'Crash test', theme: 'Other' })).body;
    const stock = await addItem(admin.client, list._id, { title: 'Many candles', quantity: 100_000 });
    // A group gift takes pledges when its shop has a gift card (a referral rule says where).
    await admin.client.post('/referral-rules', { matcher: 'giftshop.example', programName: 'Gift Shop', referralCode: 'ww', giftCardUrl: 'https://giftshop.example/cards' });
    const groupGift = await addItem(admin.client, list._id, { title: 'Sofa', price: '1000000', url: 'https://giftshop.example/sofa', isGroupGift: true });
    expect(groupGift.isGroupGift).toBe(true);
    const addedItems = new Set<string>();
    let acknowledgedPurchases = 0;
    let acknowledgedPledges = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const before = [addedItems.size, acknowledgedPurchases, acknowledgedPledges];
      const owner = new ApiClient(server.url); // the bearer token outlives restarts (the secret is in the data dir)
      const guest = new ApiClient(server.url);
      let crashed = false;
      const writer = async (index: number) => {
        for (let n = 0; !crashed; n++) {
          try {
            const kind = (n + index) % 3;
            if (kind === 0) {
              const res = await owner.post<Item>(`/wishlists/${list._id}/items`, { title: `Round ${round} writer ${index} #${n}` }, { bearer: admin.token });
              if (res.status === 200) addedItems.add(res.body._id);
            } else if (kind === 1) {
              const res = await guest.put(`/wishlists/share/${list._id}/items/${stock._id}`, { quantityPurchased: 1 });
              if (res.status === 200) acknowledgedPurchases++;
            } else {
              const res = await guest.post(`/wishlists/share/${list._id}/items/${groupGift._id}/pledges`, { amount: '1' });
              if (res.status === 200) acknowledgedPledges++;
            }
          } catch {
            return; // the connection died with the server: this write was never acknowledged
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
      // The crash comes at a random moment once each kind of write has been acknowledged in this
      // round (however loaded the machine), so every round has acknowledged writes to lose.
      const eachKindAcknowledged = () => [addedItems.size, acknowledgedPurchases, acknowledgedPledges].every((count, kind) => count > before[kind]!);
      await waitUntil(eachKindAcknowledged, 'a write of each kind acknowledged', 20_000);
      await Bun.sleep(Math.random() * 250);
      await server.signal('SIGKILL');
      crashed = true;
      await Promise.all(writers);
      server = await startServerProcess({}, dataDir);
    }

    const owner = new ApiClient(server.url);
    const saved = (await owner.get<Wishlist>(`/wishlists/${list._id}`, { bearer: admin.token })).body;
    const savedIds = new Set(saved.items.map((item) => item._id));
    const lost = [...addedItems].filter((id) => !savedIds.has(id));
    expect(addedItems.size).toBeGreaterThan(ROUNDS);
    expect(lost).toEqual([]);
    const candles = saved.items.find((item) => item._id === stock._id)!;
    expect(acknowledgedPurchases).toBeGreaterThan(ROUNDS);
    expect(candles.quantityPurchased).toBeGreaterThanOrEqual(acknowledgedPurchases);
    const sofa = saved.items.find((item) => item._id === groupGift._id)!;
    expect(acknowledgedPledges).toBeGreaterThan(ROUNDS);
    expect(Number(sofa.pledgedTotal)).toBeGreaterThanOrEqual(acknowledgedPledges);
    // Each item's running totals are exactly the sums of its claim rows: no crash split a claim from its total.
    const sums = await withStore(server, async ({ db, tables: { claims } }) => {
      const of = async (itemId: string) => (await db.select({ units: sum(claims.quantity), minor: sum(claims.amountMinor) }).from(claims).where(eq(claims.itemId, itemId)))[0]!;
      return { candles: await of(stock._id), sofa: await of(groupGift._id) };
    });
    expect(Number(sums.candles.units)).toBe(candles.quantityPurchased);
    expect(Number(sums.sofa.minor)).toBe(Math.round(Number(sofa.pledgedTotal) * 100));
    const check = await owner.get('/health/database', { bearer: admin.token });
    expect(check.body).toMatchObject({ status: 'ok', problems: [] });
    await server.stop();
  }, 120_000);
});

describe('SIGTERM', () => {
  it('lets an in-flight request finish, then closes the database cleanly', async () => {
    // A shop page that takes a second to answer keeps a scrape request in flight.
    let reached!: () => void;
    const shopReached = new Promise<void>((resolve) => (reached = resolve));
    const shop = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch() {
        reached();
        await Bun.sleep(1000);
        return new Response('<html><head><title>Slow Lamp | Shop</title></head><body>Slow Lamp</body></html>', {
          headers: { 'content-type': 'text/html' },
        });
      },
    });
    const dataDir = freshDir();
    const server = await startServerProcess({ SCRAPE_ALLOW_HOSTS: '127.0.0.1', SCRAPE_ALLOW_PORTS: String(shop.port), CHROMIUM_PATH: '/nonexistent' }, dataDir);
    try {
      const user = await signUp(server.url, 'Sally');
      const inFlight = user.client.post('/scrape', { url: `http://127.0.0.1:${shop.port}/lamp` });
      await shopReached; // the scrape request is in flight from here on
      const exited = server.signal('SIGTERM');
      const answer = await inFlight;
      expect(answer.status).toBe(200);
      expect(answer.body.title).toBe('Slow Lamp');
      expect(await exited).toBe(0);
      await expect(fetch(`${server.url}/api/v1/health`)).rejects.toThrow();
      // On SQLite, closing the last connection folds the write-ahead log into the database file.
      if (TEST_ENGINE === 'sqlite') expect(existsSync(join(dataDir, 'wishwell.db-wal'))).toBe(false);
      expect(server.output()).toContain('SIGTERM received');
    } finally {
      shop.stop(true);
    }
  });
});
