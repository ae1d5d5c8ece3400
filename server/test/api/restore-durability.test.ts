/**
 * Restore fault injection (issue 8): the server kills itself (SIGKILL) at each point of a
 * restore's swap (WISHWELL_TEST_CRASH_AT); started again, it serves either entirely the data it
 * had or entirely the backup's — every list's cover image there, the database intact. And the
 * replaced data sets kept by restores are bounded (RESTORE_KEEP).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SQL } from 'bun';
import { describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { temporaryFolders } from '../support/data-dir';
import { downloadBackup, restoreBackup, uploadPng, waitFor } from '../support/backups';
import { startTestServer, TEST_ENGINE, type TestServer } from '../support/test-server';
import { signUp, type Account } from '../support/wishlists';
import { CRASH_POINTS, type CrashPoint } from '../../src/features/backup/crash-points';
import { postgresStaging } from '../../src/features/backup/pg-staging';

const folder = temporaryFolders('wishwell-restore-crash-');

/** Where each crash leaves the data: before the database swap the old data, after it the backup's. */
const OUTCOME: Record<CrashPoint, 'old' | 'backup'> = {
  'uploads-kept': 'old',
  'first-upload-in': 'old',
  'uploads-in': 'old',
  'database-out': 'old',
  'database-in': 'backup',
  'uploads-pruned': 'backup',
};
/** The database swap of PostgreSQL is one transaction: its two file-rename points do not exist there. */
const points = CRASH_POINTS.filter((point) => TEST_ENGINE === 'sqlite' || !point.startsWith('database-'));

/** Ada's lists (name and whether its cover image is served), signed in afresh. */
async function listsServed(server: TestServer, ada: Account): Promise<string[]> {
  const client = new ApiClient(server.url);
  expect((await client.post('/users/login', { email: ada.email, password: 'correct horse battery' })).status).toBe(200);
  const lists = (await client.get<Wishlist[]>('/wishlists')).body;
  const served = await Promise.all(lists.map(async (list) => `${list.name} ${(await fetch(server.url + list.coverImage)).status}`));
  const health = await client.get('/health/database');
  expect(health.body).toMatchObject({ status: 'ok', problems: [] });
  return served.sort();
}

describe('a crash during a restore', () => {
  it.each(points)('at %s leaves the old data or the backup, whole', async (point) => {
    const dataDir = folder();
    const crashing = await startTestServer({ WISHWELL_TEST_CRASH_AT: point }, dataDir);
    const ada = await signUp(crashing.url, 'Ada');
    await ada.client.post('/wishlists', { name: 'In the backup', coverImage: await uploadPng(ada.client) });
    const backup = await downloadBackup(ada.client);
    await ada.client.post('/wishlists', { name: 'Added since', coverImage: await uploadPng(ada.client) });

    expect((await restoreBackup(ada.client, backup)).status).toBe(200);
    expect(await crashing.exited).not.toBe(0);
    expect(crashing.output()).not.toContain('Restore failed');

    const restarted = await startTestServer({}, dataDir);
    try {
      const expected = OUTCOME[point] === 'old' ? ['Added since 200', 'In the backup 200'] : ['In the backup 200'];
      expect(await listsServed(restarted, ada)).toEqual(expected);
      const oldSession = await new ApiClient(restarted.url).get('/users/profile', { bearer: ada.token });
      expect(oldSession.status).toBe(OUTCOME[point] === 'old' ? 200 : 401);
      // The crashed restore's work folders (staged database, the uploaded backup) are gone.
      expect(readdirSync(dataDir).filter((name) => name.startsWith('.'))).toEqual([]);
      expect(restarted.output()).toMatch(/Removed [12] work folder\(s\) an interrupted backup, restore or migration left/);
      if (restarted.databaseUrl) {
        // Before the swap the staging schema was still loaded beside public: the start drops it.
        expect(await schemasLike(restarted.databaseUrl, 'wishwell\\_staging\\_%')).toEqual([]);
        if (OUTCOME[point] === 'old') expect(restarted.output()).toMatch(/Removed 1 staging schema\(s\) an interrupted restore or migration left in PostgreSQL: wishwell_staging_[0-9a-f]{12}\n/);
      }
    } finally {
      await restarted.stop();
    }
  }, 120_000);
});

describe('replaced data kept by restores', () => {
  it('keeps the newest RESTORE_KEEP sets (folders, and schemas on PostgreSQL) and removes older ones', async () => {
    const dataDir = folder();
    const server = await startTestServer({ RESTORE_KEEP: '2' }, dataDir);
    try {
      let admin = await signUp(server.url, 'Ada');
      const backup = await downloadBackup(admin.client);
      const keptFolders = () => readdirSync(dataDir).filter((name) => name.startsWith('pre-restore-')).sort();
      const seen: string[] = [];
      for (let round = 0; round < 3; round++) {
        // Sessions end before the previous restore has finished rebuilding: until then a restore answers 409.
        let restore = await restoreBackup(admin.client, backup);
        await waitFor(async () => restore.status !== 409 || (restore = await restoreBackup(admin.client, backup)).status !== 409);
        expect(restore.status).toBe(200);
        await waitFor(async () => (await admin.client.get('/users/profile')).status === 401);
        seen.push(...keptFolders().filter((name) => !seen.includes(name)));
        admin = { ...admin, client: await signedIn(server, admin.email) };
      }
      expect(seen).toHaveLength(3);
      expect(keptFolders()).toEqual(seen.slice(1));
      expect(existsSync(join(dataDir, seen[0]!))).toBe(false);
      if (server.databaseUrl) expect(await schemasLike(server.databaseUrl, 'pre\\_restore\\_%')).toEqual(seen.slice(1).map((name) => name.toLowerCase().replace(/[^a-z0-9]/g, '_')));
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe('staging schemas on PostgreSQL', () => {
  it.skipIf(TEST_ENGINE !== 'postgres')("a replica starting while another process's restore is staged leaves that restore's schema alone", async () => {
    const first = await startTestServer({}, folder());
    const url = first.databaseUrl!;
    const staging = await postgresStaging(url); // as a restore in another process holds it
    try {
      await staging.close();
      const staged = await schemasLike(url, 'wishwell\\_staging\\_%');
      expect(staged).toHaveLength(1);
      const second = await startTestServer({ DATABASE_URL: url }, folder());
      await second.stop();
      expect(second.output()).not.toContain('staging schema');
      expect(await schemasLike(url, 'wishwell\\_staging\\_%')).toEqual(staged);
    } finally {
      await staging.drop();
      await first.stop();
    }
    expect(await schemasLike(url, 'wishwell\\_staging\\_%')).toEqual([]);
  }, 60_000);
});

async function signedIn(server: TestServer, email: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  expect((await client.post('/users/login', { email, password: 'correct horse battery' })).status).toBe(200);
  return client;
}

/** The PostgreSQL schemas whose names match a LIKE pattern, sorted. */
async function schemasLike(url: string, pattern: string): Promise<string[]> {
  const client = new SQL(url, { max: 1 });
  try {
    const rows = await client<{ name: string }[]>`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE ${pattern} ORDER BY nspname`;
    return rows.map((row) => row.name);
  } finally {
    await client.close();
  }
}
