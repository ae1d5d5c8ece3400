/**
 * Uploads on S3-compatible storage (STORAGE_URL; a real s3rver on a free port): stored in the
 * bucket, served through the app with the same headers as local files, counted in quotas,
 * cleaned up, and a storage that stops answering is a clear 507 that saves nothing. Also the
 * clean-up of stray files in the data dir.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import type { ApiClient } from '../support/api-client';
import { startTestBucket, type TestBucket } from '../support/s3';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { waitUntil } from '../support/wait';
import { signUp } from '../support/wishlists';

let bucket: TestBucket;
let server: TestServer;
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-s3-uploads-'));
const settings = () => ({ STORAGE_URL: bucket.storageUrl, ...bucket.env, UPLOAD_QUOTA_MB: '1' });

beforeAll(async () => {
  bucket = await startTestBucket();
  server = await startTestServer(settings(), dataDir);
});
afterAll(async () => {
  await server.stop();
  await bucket.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A PNG as far as the server can tell (signature first), `size` bytes long. */
function png(size = 1024): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

function upload(client: ApiClient, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('image', new File([bytes], 'cover.png', { type: 'image/png' }));
  return client.call('POST', '/upload', undefined, { raw: form });
}

const objectKey = (url: string) => `uploads/${url.split('/').pop()}`;

describe('uploads in an S3 bucket', () => {
  it('keeps the image in the bucket, not the data dir, and serves it from our origin with the usual headers', async () => {
    const user = await signUp(server.url, 'Bucket');
    const image = png(5000);
    const res = await upload(user.client, image);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await bucket.client.file(objectKey(res.body.url)).arrayBuffer())).toEqual(image);
    expect(existsSync(join(dataDir, 'uploads')) ? readdirSync(join(dataDir, 'uploads')) : []).toEqual([]);
    const served = await fetch(server.url + res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);
    expect((await fetch(server.url + '/uploads/AAAAAAAAAAAAAAAAAAAAAA.png')).status).toBe(404);
  });

  it('counts images in the bucket against the account quota (UPLOAD_QUOTA_MB)', async () => {
    const user = await signUp(server.url, 'Quota');
    expect((await upload(user.client, png(700 * 1024))).status).toBe(200);
    const over = await upload(user.client, png(700 * 1024));
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('You have used your 1 MB of image storage. Remove covers you no longer use, or ask the site operator for more.');
  });

  it('answers 507 saying the storage is not answering when the bucket is down, saves nothing (its room in the quota comes back), and recovers', async () => {
    const user = await signUp(server.url, 'Outage');
    const before = (await upload(user.client, png())).body.url as string;
    await bucket.stop();
    try {
      const refused = await upload(user.client, png(900 * 1024));
      expect(refused.status).toBe(507);
      expect(refused.body.message).toBe('The server could not store the image: its file storage is not answering. Nothing was saved; please tell the site operator.');
      const unreadable = await fetch(server.url + before);
      expect(unreadable.status).toBe(503);
      // The log line is written as the answer goes out; under load it may land a moment later.
      await waitUntil(() => server.output().includes('"event":"storage.failed"'), 'the storage.failed log line');
    } finally {
      await bucket.start();
    }
    const store = await server.openStore();
    const rows = await store.db.select().from(store.tables.uploads).where(eq(store.tables.uploads.uploadedById, user.id));
    await store.close();
    expect(rows).toHaveLength(1);
    expect((await fetch(server.url + before)).status).toBe(200);
    expect((await upload(user.client, png(900 * 1024))).status).toBe(200); // 1 MB: the refused upload's 900 KB are not counted
  });

  it('removes images no list or item uses from the bucket once the grace period is over', async () => {
    const user = await signUp(server.url, 'Cleaner');
    const used = (await upload(user.client, png())).body.url as string;
    const unused = (await upload(user.client, png())).body.url as string;
    expect((await user.client.post<Wishlist>('/wishlists', { name: 'Covered', theme: 'Other', coverImage: used })).status).toBe(200);
    await ageUploads(server, [used, unused]);
    await server.stop();
    server = await startTestServer(settings(), dataDir); // the clean-up runs shortly after start
    await waitFor(async () => !(await bucket.client.file(objectKey(unused)).exists()));
    expect(await bucket.client.file(objectKey(unused)).exists()).toBe(false);
    expect(await bucket.client.file(objectKey(used)).exists()).toBe(true);
    expect((await fetch(server.url + unused)).status).toBe(404);
    expect((await fetch(server.url + used)).status).toBe(200);
  });
});

describe('uploads in the data dir', () => {
  it('removes stray files no upload record names (an interrupted upload) after the grace period, temporary files after an hour, and keeps fresh ones', async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'wishwell-strays-'));
    const clock = new ManualClock(); // the clean-up's turns: a second after start, then hourly
    const local = await startTestServer({ dataDir: localDir, clock });
    const user = await signUp(local.url, 'Strays');
    const kept = (await upload(user.client, png())).body.url as string;
    await local.stop();
    const folder = join(localDir, 'uploads');
    writeFileSync(join(folder, 'StrayStrayStrayStray01.png'), png());
    writeFileSync(join(folder, 'FreshFreshFreshFresh01.png'), png());
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(join(folder, 'StrayStrayStrayStray01.png'), twoDaysAgo, twoDaysAgo);
    // A put's temporary files: one a crash left two hours ago, one still being written.
    const abandoned = '.AbandonedAbandoned01.png.5f0c1f9e-0b1a-4c55-9d2e-0c1b2a3d4e5f.part';
    const writing = '.WritingWritingWrit01.png.8d1e2f3a-4b5c-4d6e-8f70-1a2b3c4d5e6f.part';
    writeFileSync(join(folder, abandoned), png());
    writeFileSync(join(folder, writing), png());
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(folder, abandoned), twoHoursAgo, twoHoursAgo);
    const restarted = await startTestServer({ dataDir: localDir, clock });
    try {
      expect(existsSync(join(folder, 'StrayStrayStrayStray01.png')), 'before the clean-up').toBe(true);
      await clock.advance(1000);
      expect(readdirSync(folder).sort()).toEqual([writing, 'FreshFreshFreshFresh01.png', kept.split('/').pop()].sort());
      expect(restarted.output()).toContain('"event":"uploads.removed","count":1');
      expect(restarted.output()).toMatch(/"event":"uploads.removed","count":1,"reason":"temporary files of interrupted uploads"/);
    } finally {
      await restarted.stop();
      rmSync(localDir, { recursive: true, force: true });
    }
  });
});

async function ageUploads(target: TestServer, urls: string[]): Promise<void> {
  const store = await target.openStore();
  const { uploads } = store.tables;
  for (const url of urls) await store.db.update(uploads).set({ createdAt: new Date(Date.now() - 48 * 3600_000) }).where(eq(uploads.fileName, url.split('/').pop()!));
  await store.close();
}

async function waitFor(done: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && !(await done()); ) await Bun.sleep(100);
}
