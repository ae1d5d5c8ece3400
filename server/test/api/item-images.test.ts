/**
 * Issue 15, images that last: when an item is saved with a shop's image URL the server fetches
 * the image through the SSRF-safe fetch (size cap, judged by its bytes, every redirect checked),
 * keeps a copy in its file storage and pages show that copy from our origin. The shop is a local
 * HTTP server with real image files and hostile answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Item, SharedWishlist, Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { startTestServer, withStore, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'images');
const PHOTO = new Uint8Array(readFileSync(join(fixtures, 'photo.jpg')));
const LOGO = new Uint8Array(readFileSync(join(fixtures, 'logo.png')));
const MB = 1024 * 1024;

const hits = new Map<string, number>();
let photoGone = false;
const shop = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request): Response {
    const path = new URL(request.url).pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    switch (path) {
      case '/photo.jpg':
        return photoGone ? new Response('gone', { status: 404 }) : new Response(PHOTO, { headers: { 'content-type': 'image/jpeg' } });
      case '/logo.png':
      case '/older.png':
      case '/already-tried.png':
        return new Response(LOGO, { headers: { 'content-type': 'application/octet-stream' } }); // judged by its bytes
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
const ENV = { SCRAPE_ALLOW_HOSTS: 'localhost', UPLOAD_QUOTA_MB: '1', UPLOAD_QUOTA_GUEST_LIST_MB: '1', IMAGE_COPY_PER_MINUTE: '600' };
let server: TestServer;
let owner: Account;
let list: Wishlist;

beforeAll(async () => {
  server = await startTestServer(ENV, dataDir);
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
const shareView = async (listId: string) => (await new ApiClient(server.url).get<SharedWishlist>(`/wishlists/share/${listId}`)).body;

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
  it('keeps a copy, served from our origin, so guests never reach the shop, and it outlives the shop image', async () => {
    hits.clear();
    const item = await addItem(owner.client, list._id, { title: 'Camera', imageUrl: shopUrl('/photo.jpg') });
    expect(item.imageUrl).toBe(shopUrl('/photo.jpg'));
    expect(item.displayImageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]{22}\.jpg$/);
    const copy = await served(item.displayImageUrl);
    expect(copy.status).toBe(200);
    expect(copy.type).toBe('image/jpeg');
    expect(copy.bytes).toEqual(PHOTO);
    const guestSees = (await shareView(list._id)).items.find((shared) => shared._id === item._id)!;
    expect(guestSees.displayImageUrl).toBe(item.displayImageUrl);
    expect(hits.get('/photo.jpg')).toBe(1);
    photoGone = true;
    try {
      expect((await served(item.displayImageUrl)).bytes).toEqual(PHOTO);
    } finally {
      photoGone = false;
    }
    const [upload] = (await uploadsOf(owner.id)).filter((row) => item.displayImageUrl.endsWith(row.fileName));
    expect(upload).toMatchObject({ sizeBytes: PHOTO.length, contentType: 'image/jpeg' }); // counted in the owner's quota
  });

  it.each([
    ['an HTML page sent as image/jpeg', '/page.jpg', 'not a JPEG, PNG, WebP or GIF image'],
    ['an SVG with a script', '/vector.svg', 'not a JPEG, PNG, WebP or GIF image'],
    ['a 20 MB image', '/huge.jpg', 'the image is larger than 10 MB'],
    ['a redirect to 127.0.0.1', '/to-loopback.jpg', 'Links to private or local network addresses cannot be scraped.'],
    ['a dead link', '/gone.jpg', 'the shop answered 404'],
  ])('keeps the item and shows the shop URL when the image is %s', async (_, path, reason) => {
    const before = (await uploadsOf(owner.id)).length;
    const item = await addItem(owner.client, list._id, { title: `Refused ${path}`, imageUrl: shopUrl(path) });
    expect(item.displayImageUrl).toBe(shopUrl(path));
    expect((await uploadsOf(owner.id)).length).toBe(before);
    expect(server.output()).toContain(`"imageUrl":"${shopUrl(path)}"`);
    expect(server.output()).toContain(reason);
    expect(hits.get('/secret.jpg') ?? 0).toBe(0); // the redirect was never followed
  });

  it('counts copies in the owner quota: over it, the item keeps the shop URL', async () => {
    const saver = await signUp(server.url, 'Near quota');
    await fillQuota(saver.client);
    const ownList = (await saver.client.post<Wishlist>('/wishlists', { name: 'Full', theme: 'Other' })).body;
    const item = await addItem(saver.client, ownList._id, { title: 'Over quota', imageUrl: shopUrl('/photo.jpg') });
    expect(item.displayImageUrl).toBe(shopUrl('/photo.jpg'));
    expect(await uploadsOf(saver.id)).toHaveLength(1);
  });

  it("counts a guest list's copies in that list's own storage (UPLOAD_QUOTA_GUEST_LIST_MB), so guests cannot fill the disk through shop images", async () => {
    const guest = new ApiClient(server.url);
    const guestList = (await guest.post<Wishlist>('/wishlists/guest', { name: 'No account yet', theme: 'Other' })).body;
    const copied = await addItem(guest, guestList._id, { title: 'Kept for the guest', imageUrl: shopUrl('/photo.jpg') });
    expect(copied.displayImageUrl).toMatch(/^\/uploads\//);
    expect((await uploadsOfGuestList(guestList._id)).map((row) => row.sizeBytes)).toEqual([PHOTO.length]);
    await fillQuota(guest, PHOTO.length);
    const refused = await addItem(guest, guestList._id, { title: 'Over the list quota', imageUrl: shopUrl('/logo.png') });
    expect(refused.displayImageUrl).toBe(shopUrl('/logo.png'));
    expect(await uploadsOfGuestList(guestList._id)).toHaveLength(2); // the first copy and the cover, nothing more
  });

  it('removes the copy with its item, and when the item gets another image', async () => {
    const item = await addItem(owner.client, list._id, { title: 'Changing', imageUrl: shopUrl('/photo.jpg') });
    const first = item.displayImageUrl;
    const changed = await owner.client.put<Item>(`/wishlists/${list._id}/items/${item._id}`, { title: 'Changing', imageUrl: shopUrl('/logo.png') });
    expect(changed.status).toBe(200);
    expect(changed.body.displayImageUrl).toMatch(/^\/uploads\/.+\.png$/);
    expect((await served(changed.body.displayImageUrl)).bytes).toEqual(LOGO);
    expect((await served(first)).status).toBe(404);
    const unchanged = await owner.client.put<Item>(`/wishlists/${list._id}/items/${item._id}`, { title: 'Renamed', imageUrl: shopUrl('/logo.png') });
    expect(unchanged.body.displayImageUrl).toBe(changed.body.displayImageUrl); // same image: no new copy
    expect((await owner.client.call('DELETE', `/wishlists/${list._id}/items/${item._id}`)).status).toBeLessThan(300);
    expect((await served(changed.body.displayImageUrl)).status).toBe(404);
    expect((await uploadsOf(owner.id)).some((row) => changed.body.displayImageUrl.endsWith(row.fileName))).toBe(false);
  });
});

describe('items saved before copies were kept', () => {
  it('get their copies from a background job after a restart; items already tried are not fetched again', async () => {
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
    await server.stop();
    server = await startTestServer(ENV, dataDir); // the job first runs 2 s after start
    const older = async () => (await shareView(list._id)).items.find((item) => item._id === 'older-item-with-a-shop-image')!;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && !(await older()).displayImageUrl.startsWith('/uploads/'); ) await Bun.sleep(200);
    const migrated = await older();
    expect(migrated.imageUrl).toBe(shopUrl('/older.png'));
    expect(migrated.displayImageUrl).toMatch(/^\/uploads\/.+\.png$/);
    expect((await served(migrated.displayImageUrl)).bytes).toEqual(LOGO);
    expect(hits.get('/older.png')).toBe(1);
    expect(hits.get('/already-tried.png') ?? 0).toBe(0);
    const check = await server.openStore();
    const [tried] = await check.db.select().from(check.tables.items).where(and(eq(check.tables.items.id, 'older-item-tried-before-xxxx')));
    await check.close();
    expect(tried?.storedImageUrl).toBe('');
  });
});
