/**
 * Backups of an instance whose uploads are in an S3-compatible bucket (STORAGE_URL; a real
 * s3rver): the archive holds the bucket's images, and a restore puts them back in the bucket.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { downloadBackup, ONE_PIXEL_PNG, restoreBackup, uploadPng, waitFor } from '../support/backups';
import { ApiClient } from '../support/api-client';
import { runCli } from '../support/cli';
import { startTestBucket, type TestBucket } from '../support/s3';
import { startTestServer, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';

let bucket: TestBucket;
let server: TestServer;
let ada: Account;
const work = mkdtempSync(join(tmpdir(), 'wishwell-backup-s3-'));
const dataDir = join(work, 'data');

beforeAll(async () => {
  bucket = await startTestBucket();
  server = await startTestServer({ STORAGE_URL: bucket.storageUrl, ...bucket.env }, dataDir);
  ada = await signUp(server.url, 'Ada');
});
afterAll(async () => {
  await server.stop();
  await bucket.remove();
  rmSync(work, { recursive: true, force: true });
});

async function signedIn(email: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  expect((await client.post('/users/login', { email, password: 'correct horse battery' })).status).toBe(200);
  return client;
}

/** The keys of the bucket's objects under the uploads folder's pre-restore-* folders. */
async function keptObjects(): Promise<string[]> {
  const page = await bucket.client.list({ prefix: 'uploads/pre-restore-' });
  return (page.contents ?? []).map((object) => object.key);
}

/** The archive's entries, unpacked with the system's tar. */
function unpack(archive: Uint8Array): (entry: string) => Buffer {
  const dir = mkdtempSync(join(work, 'unpacked-'));
  writeFileSync(join(dir, 'backup.gz'), archive);
  expect(Bun.spawnSync(['tar', 'xzf', 'backup.gz'], { cwd: dir }).exitCode).toBe(0);
  return (entry) => readFileSync(join(dir, entry));
}

describe('backups with uploads in an S3 bucket', () => {
  it("hold the bucket's images, and a restore puts them back in the bucket", async () => {
    const coverUrl = await uploadPng(ada.client);
    const key = coverUrl.split('/').pop()!;
    const list = (await ada.client.post<Wishlist>('/wishlists', { name: 'Birthday', coverImage: coverUrl })).body;
    const backup = await downloadBackup(ada.client);
    expect(unpack(backup)(`uploads/${key}`)).toEqual(ONE_PIXEL_PNG);

    await ada.client.delete(`/wishlists/${list._id}`);
    await bucket.client.file(`uploads/${key}`).delete(); // lost since the backup
    expect((await fetch(server.url + coverUrl)).status).toBe(404);

    expect((await restoreBackup(ada.client, backup)).status).toBe(200);
    await waitFor(async () => (await ada.client.get('/users/profile')).status === 401);
    const object = bucket.client.file(`uploads/${key}`);
    expect(Buffer.from(await object.arrayBuffer())).toEqual(ONE_PIXEL_PNG);
    expect((await object.stat()).type).toBe('image/png');
    const served = await fetch(server.url + coverUrl);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(ONE_PIXEL_PNG);
  });

  it("keep the replaced images in the bucket's pre-restore folder, and only the newest RESTORE_KEEP (1) such folders", async () => {
    const admin = await signedIn(ada.email); // earlier restores ended every session
    const inBackup = (await uploadPng(admin)).split('/').pop()!;
    await admin.post('/wishlists', { name: 'Kept', coverImage: `/uploads/${inBackup}` });
    const backup = await downloadBackup(admin);
    const addedSince = (await uploadPng(admin)).split('/').pop()!;

    const keptFolders: string[] = [];
    for (let round = 0; round < 2; round++) {
      const client = await signedIn(ada.email);
      // Sessions end before the previous restore has finished its clean-up: until then a restore answers 409.
      let restore = await restoreBackup(client, backup);
      await waitFor(async () => restore.status !== 409 || (restore = await restoreBackup(client, backup)).status !== 409);
      expect(restore.status).toBe(200);
      await waitFor(async () => (await client.get('/users/profile')).status === 401);
      const kept = await keptObjects();
      const newest = [...new Set(kept.map((key) => key.split('/')[1]!))].sort();
      expect(newest).toHaveLength(1); // the older set is gone
      keptFolders.push(newest[0]!);
      // Every image the replaced data had, byte for byte: the one added since the backup too.
      for (const key of [inBackup, addedSince]) {
        expect(Buffer.from(await bucket.client.file(`uploads/${newest[0]}/${key}`).arrayBuffer())).toEqual(ONE_PIXEL_PNG);
      }
    }
    expect(keptFolders[0]).not.toBe(keptFolders[1]);
    expect(keptFolders[1]).toMatch(/^pre-restore-\d{4}-/);
    // The kept copies are no uploads: not in the next backup.
    const next = unpack(await downloadBackup(await signedIn(ada.email)));
    expect(() => next(`uploads/${keptFolders[1]}/${inBackup}`)).toThrow();
  });

  it('wishwell backup on the command line reads the same bucket', async () => {
    const again = await signUp(server.url, 'Bea');
    const key = (await uploadPng(again.client)).split('/').pop()!;
    const archive = join(work, 'cli.gz');
    const run = await runCli(['backup', '--out', archive, '--data-dir', dataDir], { ...server.cliEnv, STORAGE_URL: bucket.storageUrl, ...bucket.env });
    expect(run.exitCode).toBe(0);
    expect(unpack(readFileSync(archive))(`uploads/${key}`)).toEqual(ONE_PIXEL_PNG);
  });
});
