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

  it('wishwell backup on the command line reads the same bucket', async () => {
    const again = await signUp(server.url, 'Bea');
    const key = (await uploadPng(again.client)).split('/').pop()!;
    const archive = join(work, 'cli.gz');
    const run = await runCli(['backup', '--out', archive, '--data-dir', dataDir], { ...server.cliEnv, STORAGE_URL: bucket.storageUrl, ...bucket.env });
    expect(run.exitCode).toBe(0);
    expect(unpack(readFileSync(archive))(`uploads/${key}`)).toEqual(ONE_PIXEL_PNG);
  });
});
