/**
 * Finding 2: guest lists, uploads and stored images are bounded for every caller, and images no
 * list or item uses are removed after a grace period.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, type SQL } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import type { Tables } from '../../src/db/store';
import { ApiClient } from '../support/api-client';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, withStore, type TestServer } from '../support/test-server';
import { guestWithList, signUp } from '../support/wishlists';

let server: TestServer;
/** The clean-up's turns (a second after start, then hourly) come when the test moves this clock. */
const clock = new ManualClock();
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-quotas-'));
const LIMITS = {
  TRUST_PROXY: '1', // each scenario below comes from its own address (X-Forwarded-For)
  RATE_LIMIT_GUEST_LIST_IP: '3',
  RATE_LIMIT_UPLOAD_IP: '4',
  RATE_LIMIT_UPLOAD_USER: '3',
  UPLOAD_QUOTA_MB: '1',
  UPLOAD_QUOTA_GUEST_LIST_MB: '1',
};

beforeAll(async () => {
  server = await startTestServer({ env: LIMITS, dataDir, clock });
});
afterAll(async () => {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

/** A PNG as far as the server can tell (signature first), `size` bytes long. */
function png(size = 1024): FormData {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const form = new FormData();
  form.append('image', new File([bytes], 'cover.png', { type: 'image/png' }));
  return form;
}

const upload = (client: ApiClient, ip: string, size?: number) => client.call('POST', '/upload', undefined, { raw: png(size), ...from(ip) });

describe('limits', () => {
  it('allows 3 guest lists per IP per hour (RATE_LIMIT_GUEST_LIST_IP), then answers 429', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await new ApiClient(server.url).post('/wishlists/guest', { name: `List ${i}`, theme: 'Other' }, from('198.51.100.1'))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const other = await new ApiClient(server.url).post('/wishlists/guest', { name: 'Elsewhere', theme: 'Other' }, from('198.51.100.2'));
    expect(other.status).toBe(200);
  });

  it('allows 3 uploads per guest list per hour (RATE_LIMIT_UPLOAD_USER), then answers 429 with a message', async () => {
    const guest = new ApiClient(server.url);
    await guest.post('/wishlists/guest', { name: 'Uploader', theme: 'Other' }, from('198.51.100.3'));
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await upload(guest, `198.51.100.${10 + i}`)).status);
    const refused = await upload(guest, '198.51.100.20');
    expect(statuses).toEqual([200, 200, 200]);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^Too many images uploaded\. Please try again in \d+ minutes?\.$/);
  });

  it('allows 4 uploads per IP per hour (RATE_LIMIT_UPLOAD_IP), whoever uploads', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await upload((await signUp(server.url, `Ip ${i}`)).client, '198.51.100.30')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('keeps an account within its image storage (UPLOAD_QUOTA_MB) and says so', async () => {
    const user = await signUp(server.url, 'Quota');
    expect((await upload(user.client, '198.51.100.40', 700 * 1024)).status).toBe(200);
    const over = await upload(user.client, '198.51.100.41', 700 * 1024);
    expect(over.status).toBe(413);
    expect(over.body.message).toBe('You have used your 1 MB of image storage. Remove covers you no longer use, or ask the site operator for more.');
    expect((await upload(user.client, '198.51.100.42', 200 * 1024)).status).toBe(200);
  });

  it('keeps a guest list within its own image storage (UPLOAD_QUOTA_GUEST_LIST_MB); its account takes the images over', async () => {
    const guest = new ApiClient(server.url);
    const list = (await guest.post<Wishlist>('/wishlists/guest', { name: 'Guest covers', theme: 'Other' }, from('198.51.100.60'))).body;
    expect((await upload(guest, '198.51.100.61', 700 * 1024)).status).toBe(200);
    const over = await upload(guest, '198.51.100.62', 700 * 1024);
    expect([over.status, over.body.message]).toEqual([413, 'This wishlist has used its 1 MB of image storage. Sign up to keep more, or remove covers you no longer use.']);
    expect(server.output()).toContain('"reason":"storage quota"');
    // Another guest list starts with its own room.
    const other = new ApiClient(server.url);
    await other.post('/wishlists/guest', { name: 'Other covers', theme: 'Other' }, from('198.51.100.63'));
    expect((await upload(other, '198.51.100.64', 700 * 1024)).status).toBe(200);

    // Signing up with the list claims it: its 700 KB now count against the account's 1 MB.
    const email = `claimer.${Date.now()}@example.com`;
    const registered = await guest.post('/users/register', { name: 'Claimer', email, password: 'correct horse battery', claimListId: list._id }, from('198.51.100.65'));
    expect(registered.status).toBe(201);
    const asAccount = await upload(guest, '198.51.100.66', 700 * 1024);
    expect([asAccount.status, asAccount.body.message]).toEqual([413, 'You have used your 1 MB of image storage. Remove covers you no longer use, or ask the site operator for more.']);
  });
});

describe('clean-up', () => {
  it('removes images no list or item uses once the grace period is over, and keeps the used ones', async () => {
    const user = await signUp(server.url, 'Cleaner');
    const used = (await upload(user.client, '198.51.100.50')).body.url as string;
    const unused = (await upload(user.client, '198.51.100.51')).body.url as string;
    const fresh = (await upload(user.client, '198.51.100.52')).body.url as string;
    const list = await user.client.post<Wishlist>('/wishlists', { name: 'Covered', theme: 'Other', coverImage: used });
    expect(list.status).toBe(200);
    const store = await server.openStore();
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    const { uploads } = store.tables;
    for (const url of [used, unused]) await store.db.update(uploads).set({ createdAt: twoDaysAgo }).where(eq(uploads.fileName, url.split('/').pop()!));
    await store.close();
    await server.stop();
    server = await startTestServer({ env: LIMITS, dataDir, clock });
    const status = (url: string) => fetch(server.url + url).then((res) => res.status);
    expect(await status(unused), 'before the clean-up').toBe(200);
    await clock.advance(1000); // the clean-up's first turn, a second after start
    expect(await status(unused)).toBe(404);
    expect(await status(used)).toBe(200);
    expect(await status(fresh)).toBe(200);
    expect(server.output()).toContain('"event":"uploads.removed","count":1');
  });
});

describe('uploads at the same moment (the quota is taken, not checked and then written)', () => {
  const KB = 1024;
  let racing: TestServer;
  const racingDir = mkdtempSync(join(tmpdir(), 'wishwell-quota-race-'));
  const settings = { UPLOAD_QUOTA_MB: '1', UPLOAD_QUOTA_GUEST_LIST_MB: '1' }; // upload rate limits left high
  beforeAll(async () => {
    await server.stop(); // one server runs in the test worker at a time (the file's is done): this one on the clock
    racing = await startTestServer({ env: settings, dataDir: racingDir, clock });
  });
  afterAll(async () => {
    await racing.stop();
    rmSync(racingDir, { recursive: true, force: true });
  });

  /** 10 uploads of 300 KB at once: 3 fit in 1 MB. Answers the statuses, and the bytes the owner's uploads hold after. */
  async function race(client: ApiClient, ownedBy: (uploads: Tables['uploads']) => SQL): Promise<{ statuses: number[]; kept: number }> {
    const answers = await Promise.all(Array.from({ length: 10 }, () => upload(client, '203.0.113.1', 300 * KB)));
    const kept = await withStore(racing, async (store) => {
      const rows = await store.db.select().from(store.tables.uploads).where(ownedBy(store.tables.uploads));
      return rows.reduce((bytes, row) => bytes + row.sizeBytes, 0);
    });
    return { statuses: answers.map((answer) => answer.status).sort(), kept };
  }

  it('keep an account within UPLOAD_QUOTA_MB: 3 of 10 concurrent 300 KB uploads are kept, the rest refused with 413', async () => {
    const user = await signUp(racing.url, 'Racer');
    const { statuses, kept } = await race(user.client, (uploads) => eq(uploads.uploadedById, user.id));
    expect(statuses).toEqual([200, 200, 200, 413, 413, 413, 413, 413, 413, 413]);
    expect(kept).toBe(900 * KB);
  });

  it('keep a guest list within UPLOAD_QUOTA_GUEST_LIST_MB the same way', async () => {
    const { client, list } = await guestWithList(racing.url);
    const { statuses, kept } = await race(client, (uploads) => eq(uploads.guestListId, list._id));
    expect(statuses).toEqual([200, 200, 200, 413, 413, 413, 413, 413, 413, 413]);
    expect(kept).toBe(900 * KB);
  });

  it('give the room of an image the clean-up removed back to its account', async () => {
    const user = await signUp(racing.url, 'Remover');
    const urls = [];
    for (let i = 0; i < 3; i++) urls.push((await upload(user.client, '203.0.113.2', 300 * KB)).body.url as string);
    expect((await upload(user.client, '203.0.113.2', 300 * KB)).status).toBe(413);
    const unused = urls[0]!;
    await withStore(racing, (store) => store.db.update(store.tables.uploads).set({ createdAt: new Date(Date.now() - 48 * 3600_000) }).where(eq(store.tables.uploads.fileName, unused.split('/').pop()!)));
    await racing.stop();
    racing = await startTestServer({ env: settings, dataDir: racingDir, clock });
    await clock.advance(1000); // the clean-up's first turn, a second after start
    expect((await fetch(racing.url + unused)).status).toBe(404);
    const client = new ApiClient(racing.url);
    expect((await client.post('/users/login', { email: user.email, password: 'correct horse battery' })).status).toBe(200);
    expect((await upload(client, '203.0.113.2', 300 * KB)).status).toBe(200);
  });
});
