import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { TEST_ENGINE, testDatabaseUrl } from '../support/engine';
import { TEST_HASH_COST } from '../support/hash-cost';
import { createOldDatabase } from '../support/old-database';
import { startTestServer } from '../support/test-server';

// A database from before each owner's upload usage was kept in a row of its own (the quota is
// taken on that row): the migration counts the images already stored, so an account that had
// filled its quota before the upgrade is still held to it.

const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-upgrade-usage-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const KB = 1024;
const EMAIL = 'before@example.com';
const PASSWORD = 'correct horse battery';

const INSERT_USER = "INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES ('old-user', 'Before', $1, $2, $3, $3)";
const INSERT_UPLOAD = "INSERT INTO uploads (id, file_name, content_type, size_bytes, uploaded_by_id, created_at) VALUES ($1, $2, 'image/png', $3, 'old-user', $4)";
/** The account's images from before the upgrade: 700 KB of its 1 MB. */
const OLD_UPLOADS = [
  ['u1', 'OldUploadOldUpload0001.png', 400 * KB],
  ['u2', 'OldUploadOldUpload0002.png', 300 * KB],
] as const;

async function createUsageFreeDatabase(databaseUrl: string | null): Promise<void> {
  const hash = await Bun.password.hash(PASSWORD, { algorithm: 'argon2id', ...TEST_HASH_COST }); // its cost is not the subject
  await createOldDatabase(dataDir, databaseUrl, 'upload-usage', async (db) => {
    const now = db.time(Date.now());
    await db.run(INSERT_USER, [EMAIL, hash, now]);
    for (const [id, fileName, size] of OLD_UPLOADS) await db.run(INSERT_UPLOAD, [id, fileName, size, now]);
  });
}

/** A PNG as far as the server can tell, `size` bytes long. */
function png(size: number): FormData {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const form = new FormData();
  form.append('image', new File([bytes], 'cover.png', { type: 'image/png' }));
  return form;
}

describe(`upgrading a database with uploads (${TEST_ENGINE})`, () => {
  it('counts the images stored before the upgrade in their account\u2019s quota', async () => {
    await createUsageFreeDatabase(await testDatabaseUrl(dataDir));
    const server = await startTestServer({ UPLOAD_QUOTA_MB: '1' }, dataDir);
    try {
      const client = new ApiClient(server.url);
      expect((await client.post('/users/login', { email: EMAIL, password: PASSWORD })).status).toBe(200);
      expect((await client.call('POST', '/upload', undefined, { raw: png(300 * KB) })).status).toBe(200);
      const over = await client.call('POST', '/upload', undefined, { raw: png(30 * KB) });
      expect([over.status, over.body.message]).toEqual([413, 'You have used your 1 MB of image storage. Remove covers you no longer use, or ask the site operator for more.']);
    } finally {
      await server.stop();
    }
  });
});
