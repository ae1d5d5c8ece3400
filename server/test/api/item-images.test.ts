/**
 * Issue 15, images that last: when an item is saved with a shop's image URL the server answers at
 * once with that URL and a background job fetches the image through the SSRF-safe fetch (size
 * cap, judged by its bytes, every redirect checked), keeps a copy in its file storage, and pages
 * show that copy from our origin; failures that may pass are retried with back-off. The shop is a
 * local HTTP server with real image files, slow, failing and hostile answers. The server's clock is
 * a ManualClock: the worker's turns and the retries' back-off come when the test moves it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Item, SharedWishlist, Wishlist } from '@wishwell/shared/wishlist-types';
import { imageSize } from '../../src/features/item-images/image-size';
import { ApiClient } from '../support/api-client';
import { waitFor } from '../support/backups';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, TEST_ENGINE, withStore, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'images');
const PHOTO = new Uint8Array(readFileSync(join(fixtures, 'photo.jpg')));
const LOGO = new Uint8Array(readFileSync(join(fixtures, 'logo.png')));
/** A 1600 x 1000 JPEG: larger than the 800 px a copy keeps. */
const LARGE = new Uint8Array(readFileSync(join(fixtures, 'large.jpg')));
const MB = 1024 * 1024;

const hits = new Map<string, number>();
/** When each path was asked for (the server's clock, ms): the retries' back-off. */
const hitTimes = new Map<string, number[]>();
let photoGone = false;
/** Paths answering 503 this many more times before they answer. */
const failuresLeft = new Map<string, number>();
/** Paths whose answer waits until the test lets it go (the release function hold() answers). */
const held = new Map<string, Promise<void>>();
function hold(path: string): () => void {
  let release = () => {};
  held.set(path, new Promise<void>((resolve) => (release = resolve)));
  return () => {
    held.delete(path);
    release();
  };
}
/**
 * The replicas' image requests answered in pairs (or after a second alone), so both replicas
 * finish a copy together and look for the next due copy at the same moment: the race the claim decides.
 */
let waitingForPair: (() => void) | null = null;
function bothReplicasAsking(): Promise<void> {
  if (waitingForPair) {
    waitingForPair();
    waitingForPair = null;
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    const alone = setTimeout(() => {
      waitingForPair = null;
      resolve();
    }, 1_000);
    waitingForPair = () => {
      clearTimeout(alone);
      resolve();
    };
  });
}
const shop = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(request): Promise<Response> {
    const path = new URL(request.url).pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    hitTimes.set(path, [...(hitTimes.get(path) ?? []), clock.now()]);
    const failures = failuresLeft.get(path) ?? 0;
    if (failures > 0) {
      failuresLeft.set(path, failures - 1);
      return new Response('busy', { status: 503 });
    }
    await held.get(path);
    if (path.startsWith('/batch-')) await bothReplicasAsking();
    switch (path) {
      case '/photo.jpg':
      case '/held.jpg':
        return photoGone ? new Response('gone', { status: 404 }) : new Response(PHOTO, { headers: { 'content-type': 'image/jpeg' } });
      case '/logo.png':
      case '/older.png':
      case '/flaky.png':
      case '/busy.png':
      case '/pending.png':
      case '/already-tried.png':
        return new Response(LOGO, { headers: { 'content-type': 'application/octet-stream' } }); // judged by its bytes
      case '/large.jpg':
        return new Response(LARGE, { headers: { 'content-type': 'image/jpeg' } });
      case '/page.jpg':
        return new Response('<html><body>Not an image</body></html>', { headers: { 'content-type': 'image/jpeg' } });
      case '/vector.svg':
        return new Response('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', { headers: { 'content-type': 'image/svg+xml' } });
      case '/huge.jpg':
        return new Response(hugeJpeg(20 * MB), { headers: { 'content-type': 'image/jpeg' } });
      case '/to-loopback.jpg':
        return Response.redirect(`http://127.0.0.1:${shop.port}/secret.jpg`, 302);
      case '/secret.jpg':
        return new Response(PHOTO, { headers: { 'content-type': 'image/jpeg' } });
      default:
        if (path.startsWith('/batch-')) return new Response(LOGO, { headers: { 'content-type': 'image/png' } });
        return new Response('not found', { status: 404 });
    }
  },
});
/** The shop by name: SCRAPE_ALLOW_HOSTS exempts `localhost` (not 127.0.0.1) from the private-address rule. */
const shopUrl = (path: string) => `http://localhost:${shop.port}${path}`;

function hugeJpeg(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = new Uint8Array(Math.min(MB, size - sent));
      if (sent === 0) chunk.set([0xff, 0xd8, 0xff, 0xe0]);
      sent += chunk.length;
      controller.enqueue(chunk);
      if (sent >= size) controller.close();
    },
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-item-images-'));
const ENV = {
  SCRAPE_ALLOW_HOSTS: 'localhost',
  UPLOAD_QUOTA_MB: '1',
  UPLOAD_QUOTA_GUEST_LIST_MB: '1',
  IMAGE_COPY_PER_MINUTE: '6000',
  IMAGE_COPY_RETRY_SECONDS: '1',
  IMAGE_COPY_TRIES: '3',
};
/** The worker's turns (2 s after start, then every second) and the retries come due when the test moves it. */
const clock = new ManualClock();
let server: TestServer;
let owner: Account;
let list: Wishlist;

beforeAll(async () => {
  server = await startTestServer({ env: ENV, dataDir, clock });
  owner = await signUp(server.url, 'Collector');
  list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Pictures', theme: 'Other' })).body;
});
afterAll(async () => {
  await server.stop();
  shop.stop(true);
  rmSync(dataDir, { recursive: true, force: true });
});

const served = async (path: string) => {
  const res = await fetch(server.url + path);
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
};
const shareView = async (listId: string, baseUrl = server.url) => (await new ApiClient(baseUrl).get<SharedWishlist>(`/wishlists/share/${listId}`)).body;
const sharedItem = async (listId: string, itemId: string) => (await shareView(listId)).items.find((shared) => shared._id === itemId)!;

/** The item as guests see it once its copy is made (waits for the background job). */
async function copied(listId: string, itemId: string, timeoutMs = 15_000) {
  await waitFor(async () => (await sharedItem(listId, itemId)).displayImageUrl.startsWith('/uploads/'), timeoutMs);
  return sharedItem(listId, itemId);
}

/** The job's `item_image.not_copied` log lines for an image, oldest first. */
const notCopied = (imageUrl: string, output = server.output()) =>
  output
    .split('\n')
    .filter((line) => line.includes('"item_image.not_copied"') && line.includes(`"imageUrl":"${imageUrl}"`))
    .map((line) => JSON.parse(line) as { reason: string; tries: number; retry: boolean });

/** Waits until the job gave up on the image (its last try logged with retry false); answers the log lines. */
async function givenUp(imageUrl: string, timeoutMs = 15_000) {
  await waitFor(async () => notCopied(imageUrl).some((line) => !line.retry), timeoutMs);
  return notCopied(imageUrl);
}

/** The item's row: the copy queue's columns. */
const itemRow = (itemId: string) =>
  withStore(server, async ({ db, tables: { items } }) => (await db.select().from(items).where(eq(items.id, itemId)))[0]!);

/**
 * Moves the clock a second at a time, as the system's time would pass, until the worker takes the
 * item's copy again (its retry came due), and waits for that try to reach the shop before moving
 * on, so the shop's record of the try carries the time it was made.
 */
async function untilRetried(itemId: string, path: string): Promise<void> {
  const tries = (await itemRow(itemId)).imageCopyTries;
  const asked = hits.get(path) ?? 0;
  for (let second = 0; second < 20; second++) {
    await clock.advance(1_000);
    if ((await itemRow(itemId)).imageCopyTries > tries) return waitFor(async () => (hits.get(path) ?? 0) > asked);
  }
  throw new Error(`${path} was not tried again within 20 s`);
}

/** The upload records counted in an account's storage, or in a guest list's. */
const uploadsOf = (userId: string) => withStore(server, ({ db, tables: { uploads } }) => db.select().from(uploads).where(eq(uploads.uploadedById, userId)));
const uploadsOfGuestList = (listId: string) => withStore(server, ({ db, tables: { uploads } }) => db.select().from(uploads).where(eq(uploads.guestListId, listId)));

/** A PNG cover that leaves 4 KB of a 1 MB quota (`used` bytes already kept): the next copy no longer fits. */
async function fillQuota(client: ApiClient, used = 0): Promise<void> {
  const cover = new Uint8Array(MB - used - 4 * 1024);
  cover.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const form = new FormData();
  form.append('image', new File([cover], 'cover.png', { type: 'image/png' }));
  expect((await client.call('POST', '/upload', undefined, { raw: form })).status).toBe(200);
}

describe('an item saved with a shop image', () => {
  it('is answered at once with the shop URL while the shop is still sending the image; the copy replaces it when done', async () => {
    const release = hold('/held.jpg');
    const item = await addItem(owner.client, list._id, { title: 'Slow shop', imageUrl: shopUrl('/held.jpg') });
    expect(item.displayImageUrl).toBe(shopUrl('/held.jpg'));
    await waitFor(async () => hits.get('/held.jpg') === 1); // the job is waiting on the shop, the owner is not
    expect((await sharedItem(list._id, item._id)).displayImageUrl).toBe(shopUrl('/held.jpg'));
    release();
    const swapped = await copied(list._id, item._id);
    expect(swapped.imageUrl).toBe(shopUrl('/held.jpg'));
    expect((await served(swapped.displayImageUrl)).bytes).toEqual(PHOTO);
  });

  it('keeps a copy, served from our origin, so guests never reach the shop, and it outlives the shop image', async () => {
    hits.clear();
    const item = await addItem(owner.client, list._id, { title: 'Camera', imageUrl: shopUrl('/photo.jpg') });
    expect(item.imageUrl).toBe(shopUrl('/photo.jpg'));
    const guestSees = await copied(list._id, item._id);
    expect(guestSees.displayImageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.jpg$/);
    const copy = await served(guestSees.displayImageUrl);
    expect(copy.status).toBe(200);
    expect(copy.type).toBe('image/jpeg');
    expect(copy.bytes).toEqual(PHOTO);
    const ownerSees = (await owner.client.get<Wishlist>(`/wishlists/${list._id}`)).body.items.find((mine) => mine._id === item._id)!;
    expect(ownerSees.displayImageUrl).toBe(guestSees.displayImageUrl);
    expect(hits.get('/photo.jpg')).toBe(1);
    photoGone = true;
    try {
      expect((await served(guestSees.displayImageUrl)).bytes).toEqual(PHOTO);
    } finally {
      photoGone = false;
    }
    const [upload] = (await uploadsOf(owner.id)).filter((row) => guestSees.displayImageUrl.endsWith(row.fileName));
    expect(upload).toMatchObject({ sizeBytes: PHOTO.length, contentType: 'image/jpeg' }); // counted in the owner's quota
  });

  it('keeps a picture larger than 800 px scaled to 800 px on its longest side, as WebP, counted in the quota at that size', async () => {
    const item = await addItem(owner.client, list._id, { title: 'Poster', imageUrl: shopUrl('/large.jpg') });
    const { displayImageUrl } = await copied(list._id, item._id);
    expect(displayImageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.webp$/);
    const copy = await served(displayImageUrl);
    expect(copy.type).toBe('image/webp');
    expect(imageSize(copy.bytes)).toEqual({ width: 800, height: 500 });
    expect(copy.bytes.length).toBeLessThan(LARGE.length);
    const [upload] = (await uploadsOf(owner.id)).filter((row) => displayImageUrl.endsWith(row.fileName));
    expect(upload).toMatchObject({ sizeBytes: copy.bytes.length, contentType: 'image/webp' });
  });

  it.each([
    ['an HTML page sent as image/jpeg', '/page.jpg', 'not a JPEG, PNG, WebP or GIF image'],
    ['an SVG with a script', '/vector.svg', 'not a JPEG, PNG, WebP or GIF image'],
    ['a 20 MB image', '/huge.jpg', 'the image is larger than 10 MB'],
    ['a redirect to 127.0.0.1', '/to-loopback.jpg', 'Links to private or local network addresses cannot be scraped.'],
    ['a dead link', '/gone.jpg', 'the shop answered 404'],
  ])('keeps the item and shows the shop URL when the image is %s, without trying again', async (_, path, reason) => {
    const before = (await uploadsOf(owner.id)).length;
    const item = await addItem(owner.client, list._id, { title: `Refused ${path}`, imageUrl: shopUrl(path) });
    expect(item.displayImageUrl).toBe(shopUrl(path));
    expect((await givenUp(shopUrl(path))).map((line) => [line.tries, line.retry, line.reason])).toEqual([[1, false, reason]]);
    expect((await sharedItem(list._id, item._id)).displayImageUrl).toBe(shopUrl(path));
    expect((await itemRow(item._id)).imageCheckedAt).not.toBeNull(); // settled: never queued again
    expect((await uploadsOf(owner.id)).length).toBe(before);
    expect(hits.get('/secret.jpg') ?? 0).toBe(0); // the redirect was never followed
  });

  it('retries a shop that fails, waiting longer each time, and swaps to the copy once it answers', async () => {
    failuresLeft.set('/flaky.png', 2);
    const item = await addItem(owner.client, list._id, { title: 'Flaky shop', imageUrl: shopUrl('/flaky.png') });
    expect(item.displayImageUrl).toBe(shopUrl('/flaky.png'));
    await waitFor(async () => notCopied(shopUrl('/flaky.png')).length === 1);
    await untilRetried(item._id, '/flaky.png');
    await waitFor(async () => notCopied(shopUrl('/flaky.png')).length === 2);
    await untilRetried(item._id, '/flaky.png');
    const swapped = await copied(list._id, item._id);
    expect((await served(swapped.displayImageUrl)).bytes).toEqual(LOGO);
    expect(notCopied(shopUrl('/flaky.png')).map((line) => [line.tries, line.retry, line.reason])).toEqual([
      [1, true, 'the shop answered 503'],
      [2, true, 'the shop answered 503'],
    ]);
    const [first, second, third] = hitTimes.get('/flaky.png')!;
    expect(second! - first!).toBeGreaterThanOrEqual(1_000); // IMAGE_COPY_RETRY_SECONDS
    expect(third! - second!).toBeGreaterThanOrEqual(4_000); // then four times longer
    expect(hits.get('/flaky.png')).toBe(3);
  });

  it('gives up after IMAGE_COPY_TRIES and keeps showing the shop URL', async () => {
    failuresLeft.set('/busy.png', 1_000);
    const item = await addItem(owner.client, list._id, { title: 'Busy shop', imageUrl: shopUrl('/busy.png') });
    await waitFor(async () => notCopied(shopUrl('/busy.png')).length === 1);
    await untilRetried(item._id, '/busy.png');
    await waitFor(async () => notCopied(shopUrl('/busy.png')).length === 2);
    await untilRetried(item._id, '/busy.png');
    const lines = await givenUp(shopUrl('/busy.png'));
    expect(lines.map((line) => [line.tries, line.retry])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(hits.get('/busy.png')).toBe(3);
    expect((await sharedItem(list._id, item._id)).displayImageUrl).toBe(shopUrl('/busy.png'));
    expect(await itemRow(item._id)).toMatchObject({ storedImageUrl: '', imageCopyTries: 3, imageCheckedAt: expect.any(Date) });
  });

  it('counts copies in the owner quota: over it, the item keeps the shop URL', async () => {
    const saver = await signUp(server.url, 'Near quota');
    await fillQuota(saver.client);
    const ownList = (await saver.client.post<Wishlist>('/wishlists', { name: 'Full', theme: 'Other' })).body;
    const item = await addItem(saver.client, ownList._id, { title: 'Over quota', imageUrl: shopUrl('/photo.jpg') });
    expect(item.displayImageUrl).toBe(shopUrl('/photo.jpg'));
    await waitFor(async () => (await itemRow(item._id)).imageCheckedAt !== null);
    expect(notCopied(shopUrl('/photo.jpg')).at(-1)).toMatchObject({ retry: false, reason: expect.stringContaining('of image storage') });
    expect((await sharedItem(ownList._id, item._id)).displayImageUrl).toBe(shopUrl('/photo.jpg'));
    expect(await uploadsOf(saver.id)).toHaveLength(1);
  });

  it("counts a guest list's copies in that list's own storage (UPLOAD_QUOTA_GUEST_LIST_MB), so guests cannot fill the disk through shop images", async () => {
    const guest = new ApiClient(server.url);
    const guestList = (await guest.post<Wishlist>('/wishlists/guest', { name: 'No account yet', theme: 'Other' })).body;
    const kept = await addItem(guest, guestList._id, { title: 'Kept for the guest', imageUrl: shopUrl('/photo.jpg') });
    expect((await copied(guestList._id, kept._id)).displayImageUrl).toMatch(/^\/uploads\//);
    expect((await uploadsOfGuestList(guestList._id)).map((row) => row.sizeBytes)).toEqual([PHOTO.length]);
    await fillQuota(guest, PHOTO.length);
    const refused = await addItem(guest, guestList._id, { title: 'Over the list quota', imageUrl: shopUrl('/logo.png') });
    await waitFor(async () => (await itemRow(refused._id)).imageCheckedAt !== null);
    expect((await sharedItem(guestList._id, refused._id)).displayImageUrl).toBe(shopUrl('/logo.png'));
    expect(await uploadsOfGuestList(guestList._id)).toHaveLength(2); // the first copy and the cover, nothing more
  });

  it('removes the copy with its item, and when the item gets another image', async () => {
    const item = await addItem(owner.client, list._id, { title: 'Changing', imageUrl: shopUrl('/photo.jpg') });
    const first = (await copied(list._id, item._id)).displayImageUrl;
    const changed = await owner.client.put<Item>(`/wishlists/${list._id}/items/${item._id}`, { title: 'Changing', imageUrl: shopUrl('/logo.png') });
    expect(changed.status).toBe(200);
    expect(changed.body.displayImageUrl).toBe(shopUrl('/logo.png')); // until its own copy is made
    expect((await served(first)).status).toBe(404);
    const second = (await copied(list._id, item._id)).displayImageUrl;
    expect(second).toMatch(/^\/uploads\/.+\.png$/);
    expect((await served(second)).bytes).toEqual(LOGO);
    const unchanged = await owner.client.put<Item>(`/wishlists/${list._id}/items/${item._id}`, { title: 'Renamed', imageUrl: shopUrl('/logo.png') });
    expect(unchanged.body.displayImageUrl).toBe(second); // same image: no new copy
    expect((await owner.client.call('DELETE', `/wishlists/${list._id}/items/${item._id}`)).status).toBeLessThan(300);
    expect((await served(second)).status).toBe(404);
    expect((await uploadsOf(owner.id)).some((row) => second.endsWith(row.fileName))).toBe(false);
  });
});

describe('copies across restarts', () => {
  it('resume after a restart: a copy waiting for its retry, and items saved before copies were kept; items already tried are not fetched again', async () => {
    failuresLeft.set('/pending.png', 1);
    const waiting = await addItem(owner.client, list._id, { title: 'Pending at shutdown', imageUrl: shopUrl('/pending.png') });
    await waitFor(async () => notCopied(shopUrl('/pending.png')).length === 1);
    // Stopped before the older rows go in: a running server's worker would take them at once,
    // and its lease on a copy cut short by the stop would keep them from the next server a minute.
    await server.stop();
    const store = await server.openStore();
    const { items } = store.tables;
    const now = new Date();
    const row = { wishlistId: list._id, createdAt: now, updatedAt: now };
    await store.db.insert(items).values([
      { ...row, id: 'older-item-with-a-shop-image', title: 'Older', imageUrl: shopUrl('/older.png') },
      { ...row, id: 'older-item-tried-before-xxxx', title: 'Tried', imageUrl: shopUrl('/already-tried.png'), imageCheckedAt: now },
    ]);
    await store.close();
    hits.clear();
    server = await startTestServer({ env: ENV, dataDir, clock });
    await clock.advance(2_000); // the worker's first turn, 2 s after start (the pending copy's retry is due by then)
    const resumed = await copied(list._id, waiting._id);
    expect((await served(resumed.displayImageUrl)).bytes).toEqual(LOGO);
    const migrated = await copied(list._id, 'older-item-with-a-shop-image');
    expect(migrated.imageUrl).toBe(shopUrl('/older.png'));
    expect(migrated.displayImageUrl).toMatch(/^\/uploads\/.+\.png$/);
    expect((await served(migrated.displayImageUrl)).bytes).toEqual(LOGO);
    expect(hits.get('/older.png')).toBe(1);
    expect(hits.get('/pending.png')).toBe(1);
    expect(hits.get('/already-tried.png') ?? 0).toBe(0);
    expect((await itemRow('older-item-tried-before-xxxx')).storedImageUrl).toBe('');
  });
});

describe.skipIf(TEST_ENGINE !== 'postgres')('two replicas over one PostgreSQL', () => {
  it('copy each image once between them, whichever replica took the save', async () => {
    // The other replica runs on the system's time: back to it, or the copies this one queues are
    // due only seconds later for the other (the retries above moved this clock on), and this
    // one makes them alone, each waiting out the shop's pairing.
    clock.jumpTo(Date.now());
    const other = await startTestServer({ ...ENV, DATABASE_URL: server.databaseUrl! });
    try {
      const collector = await signUp(server.url, 'Two replicas');
      const shared = (await collector.client.post<Wishlist>('/wishlists', { name: 'Busy list', theme: 'Other' })).body;
      const onOther = new ApiClient(other.url);
      for (const [name, value] of collector.client.cookies) onOther.cookies.set(name, value);
      const paths = Array.from({ length: 20 }, (_, index) => `/batch-${index}.png`);
      const added = await Promise.all(paths.map((path, index) => addItem(index % 2 ? onOther : collector.client, shared._id, { title: path, imageUrl: shopUrl(path) })));
      await waitFor(async () => (await shareView(shared._id, other.url)).items.every((item) => item.displayImageUrl.startsWith('/uploads/')), 30_000);
      expect(paths.map((path) => hits.get(path))).toEqual(paths.map(() => 1));
      const copies = new Set((await shareView(shared._id)).items.map((item) => item.displayImageUrl));
      expect(copies.size).toBe(added.length);
      expect(await uploadsOf(collector.id)).toHaveLength(added.length);
    } finally {
      await other.stop();
    }
  });
});
