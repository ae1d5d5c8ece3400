/**
 * Issue 15, the image-copy queue under a shop that hangs: a replica makes several copies at once
 * but never two from one host, so one shop's hanging answers hold up only its own images; an
 * item copied while its image waits for a retry gets its own copy at once; a graceful stop hands
 * the copies in flight back so the restarted server takes them without waiting for the lease.
 * The shops are one local HTTP server reached by two host names (`localhost` and `127.0.0.1`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Item, SharedWishlist, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { waitFor } from '../support/backups';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, withStore, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

const LOGO = new Uint8Array(readFileSync(join(import.meta.dirname, '..', 'fixtures', 'images', 'logo.png')));

/** Requests per "host path" ("localhost /a.png"), and how many answers are being held right now per host. */
const hits = new Map<string, number>();
const inFlightPerHost = new Map<string, number>();
const mostAtOncePerHost = new Map<string, number>();
/** Paths answering 503 this many more times. */
const failuresLeft = new Map<string, number>();
/** Paths whose answer waits until the test lets it go. */
const held = new Map<string, { released: Promise<void>; release: () => void }>();
function hold(path: string): () => void {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  held.set(path, { released, release });
  return () => {
    held.delete(path);
    release();
  };
}

const shop = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  idleTimeout: 30,
  async fetch(request): Promise<Response> {
    const url = new URL(request.url);
    const host = request.headers.get('host')!.split(':')[0]!;
    hits.set(`${host} ${url.pathname}`, (hits.get(`${host} ${url.pathname}`) ?? 0) + 1);
    const failures = failuresLeft.get(url.pathname) ?? 0;
    if (failures > 0) {
      failuresLeft.set(url.pathname, failures - 1);
      return new Response('busy', { status: 503 });
    }
    inFlightPerHost.set(host, (inFlightPerHost.get(host) ?? 0) + 1);
    mostAtOncePerHost.set(host, Math.max(mostAtOncePerHost.get(host) ?? 0, inFlightPerHost.get(host)!));
    try {
      await held.get(url.pathname)?.released;
    } finally {
      inFlightPerHost.set(host, inFlightPerHost.get(host)! - 1);
    }
    return new Response(LOGO, { headers: { 'content-type': 'image/png' } });
  },
});
/** SCRAPE_ALLOW_HOSTS exempts both names from the private-address rule: two shops on one server. */
const hanging = (path: string) => `http://localhost:${shop.port}${path}`;
const healthy = (path: string) => `http://127.0.0.1:${shop.port}${path}`;
const hitsOf = (imageUrl: string) => hits.get(`${new URL(imageUrl).hostname} ${new URL(imageUrl).pathname}`) ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-image-queue-'));
const ENV = {
  SCRAPE_ALLOW_HOSTS: 'localhost,127.0.0.1',
  IMAGE_COPY_PER_MINUTE: '6000',
  IMAGE_COPY_CONCURRENCY: '4',
  // The worker's own look for due copies comes once a minute: anything sooner was woken.
  IMAGE_COPY_RETRY_SECONDS: '600',
  JWT_SECRET: 'image-queue-test-secret-long-enough-for-hs256',
  // No headless browser: copies are kept as sent. The subject is the queue; scaling a copy in
  // Chromium (item-images.test.ts) cost seconds a copy on a loaded machine, past this file's bounds.
  CHROMIUM_PATH: '/nonexistent',
};
/** The worker's turns (2 s after start, then every minute) come when the test moves this clock. */
const clock = new ManualClock();
let server: TestServer;
let owner: Account;
let list: Wishlist;

beforeAll(async () => {
  server = await startTestServer({ env: ENV, dataDir, clock });
  owner = await signUp(server.url, 'Queue owner');
  list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Many shops', theme: 'Other' })).body;
});
afterAll(async () => {
  for (const { release } of held.values()) release();
  await server.stop();
  shop.stop(true);
  rmSync(dataDir, { recursive: true, force: true });
});

const shownImage = async (listId: string, itemId: string) =>
  (await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${listId}`)).body.items.find((item) => item._id === itemId)!.displayImageUrl;
const isCopied = async (listId: string, itemId: string) => (await shownImage(listId, itemId)).startsWith('/uploads/');
const itemRow = (itemId: string) => withStore(server, async ({ db, tables: { items } }) => (await db.select().from(items).where(eq(items.id, itemId)))[0]!);

describe('copies from several shops at once', () => {
  it("copies other shops' images while one shop hangs, and never asks the hanging shop for two images at once", async () => {
    const releaseFirst = hold('/hang-1.png');
    const releaseSecond = hold('/hang-2.png');
    const stuck = [
      await addItem(owner.client, list._id, { title: 'Hanging 1', imageUrl: hanging('/hang-1.png') }),
      await addItem(owner.client, list._id, { title: 'Hanging 2', imageUrl: hanging('/hang-2.png') }),
    ];
    await waitFor(async () => hitsOf(hanging('/hang-1.png')) + hitsOf(hanging('/hang-2.png')) === 1, 5_000);
    const others = await Promise.all(['/a.png', '/b.png', '/c.png'].map((path) => addItem(owner.client, list._id, { title: path, imageUrl: healthy(path) })));
    // All three land while the first shop still holds its answer (the fetch gives up after 10 s).
    await waitFor(async () => (await Promise.all(others.map((item) => isCopied(list._id, item._id)))).every(Boolean), 6_000);
    expect(hitsOf(hanging('/hang-1.png')) + hitsOf(hanging('/hang-2.png'))).toBe(1);
    expect(await Promise.all(stuck.map((item) => isCopied(list._id, item._id)))).toEqual([false, false]);
    releaseFirst();
    releaseSecond();
    await waitFor(async () => (await Promise.all(stuck.map((item) => isCopied(list._id, item._id)))).every(Boolean), 8_000);
    expect(mostAtOncePerHost.get('localhost')).toBe(1);
    expect(mostAtOncePerHost.get('127.0.0.1')).toBe(1);
    expect([hitsOf(hanging('/hang-1.png')), hitsOf(hanging('/hang-2.png'))]).toEqual([1, 1]);
  });

  it('gives an item copied to another list while its image waits for a retry its own copy at once', async () => {
    failuresLeft.set('/retry-later.png', 1);
    const waiting = await addItem(owner.client, list._id, { title: 'Waits for a retry', imageUrl: healthy('/retry-later.png') });
    // The failure is settled: its retry is due in 10 minutes (a copy in flight holds a one-minute lease).
    await waitFor(async () => ((await itemRow(waiting._id)).imageCopyDueAt?.getTime() ?? 0) > clock.now() + 120_000, 5_000);
    const other = (await owner.client.post<Wishlist>('/wishlists', { name: 'Second list', theme: 'Other' })).body;
    const copied = await owner.client.post<Item>('/wishlists/items/move-copy', { sourceListId: list._id, itemId: waiting._id, destinationListId: other._id, action: 'copy' });
    expect(copied.status).toBe(200);
    // Well before the source's retry (10 minutes) and the worker's next look (a minute).
    await waitFor(() => isCopied(other._id, copied.body._id), 8_000);
    expect(await isCopied(list._id, waiting._id)).toBe(false);
    expect(hitsOf(healthy('/retry-later.png'))).toBe(2);
  });
});

describe('a graceful stop', () => {
  it('hands the copy in flight back, due at once and the try not counted, so the restarted server copies it without waiting for the lease', async () => {
    const release = hold('/at-shutdown.png');
    const item = await addItem(owner.client, list._id, { title: 'Copying at shutdown', imageUrl: hanging('/at-shutdown.png') });
    await waitFor(async () => hitsOf(hanging('/at-shutdown.png')) === 1, 5_000);
    const stoppedAt = Date.now();
    await server.stop();
    release();
    const handedBack = await withStore(server, async ({ db, tables: { items } }) => (await db.select().from(items).where(eq(items.id, item._id)))[0]!);
    expect(handedBack.imageCheckedAt).toBeNull();
    expect(handedBack.imageCopyTries).toBe(0);
    expect(handedBack.imageCopyDueAt!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(handedBack.imageCopyDueAt!.getTime()).toBeGreaterThanOrEqual(stoppedAt - 1_000);
    expect(server.output()).not.toContain(`"imageUrl":"${hanging('/at-shutdown.png')}"`); // not logged as a failed try
    // Restarted with one copy at a time (the next test); the worker first looks 2 s after start, the lease was a minute.
    server = await startTestServer({ env: { ...ENV, IMAGE_COPY_CONCURRENCY: '1' }, dataDir, clock });
    await clock.advance(2_000);
    expect((await itemRow(item._id)).imageCopyTries, 'claimed at the first look').toBe(1);
    await waitFor(() => isCopied(list._id, item._id), 10_000);
    expect(hitsOf(hanging('/at-shutdown.png'))).toBe(2);
  });
});

describe('IMAGE_COPY_CONCURRENCY', () => {
  it('bounds the copies in flight: at 1, a hanging shop holds the next copy back until it answers', async () => {
    const client = new ApiClient(server.url); // the restarted server, same session
    for (const [name, value] of owner.client.cookies) client.cookies.set(name, value);
    const release = hold('/alone.png');
    const first = await addItem(client, list._id, { title: 'Alone', imageUrl: hanging('/alone.png') });
    await waitFor(async () => hitsOf(hanging('/alone.png')) === 1, 5_000);
    const second = await addItem(client, list._id, { title: 'Next in line', imageUrl: healthy('/next.png') });
    await clock.advance(60_000); // the worker's next look has run: the place stays taken
    expect((await itemRow(second._id)).imageCopyTries, 'claimed for a copy').toBe(0);
    expect(hitsOf(healthy('/next.png'))).toBe(0);
    release();
    await waitFor(async () => (await isCopied(list._id, first._id)) && (await isCopied(list._id, second._id)), 8_000);
  });
});
