/**
 * Backups on the command line: `wishwell backup` / `wishwell restore` on a data dir (and its
 * PostgreSQL database), and scripts/backup.ts / restore.ts against a running server. Each backup
 * and restore runs as a real process, as an operator would run it; the usage texts come from the
 * command's own function, in the test worker. The server beside them runs in the test worker
 * (its pid is the worker's), a process of its own only where it is killed.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { temporaryFolders } from '../support/data-dir';
import { createApiToken } from '../support/api-tokens';
import { downloadBackup, uploadPng } from '../support/backups';
import { withRowChanged } from '../support/tar';
import { runCli, runCommand, runScript } from '../support/cli';
import { claimAcrossReplicas } from '../../src/features/backup/pg-operation-lock';
import { startServerProcess, startTestServer, TEST_ENGINE, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';

const PASSWORD = 'correct horse battery';
const folder = temporaryFolders('wishwell-backup-cli-');

/** A server on a data dir of its own, with Ada (its admin) owning "Birthday" (a cover image, a teapot); `start` makes it a process. */
async function instance(start: (env: Record<string, string>, dataDir: string) => Promise<TestServer> = startTestServer) {
  const dataDir = folder();
  const server = await start({}, dataDir);
  const ada = await signUp(server.url, 'Ada');
  const coverUrl = await uploadPng(ada.client);
  const list = (await ada.client.post<Wishlist>('/wishlists', { name: 'Birthday', coverImage: coverUrl })).body;
  await addItem(ada.client, list._id, { title: 'Teapot' });
  return { dataDir, server, ada, list, coverUrl };
}

/** The names of Ada's lists and the titles of their items, signed in afresh. */
async function adasLists(server: TestServer, ada: Account): Promise<string[]> {
  const client = new ApiClient(server.url);
  expect((await client.post('/users/login', { email: ada.email, password: PASSWORD })).status).toBe(200);
  const lists = (await client.get<Wishlist[]>('/wishlists')).body;
  const full = await Promise.all(lists.map(async (list) => (await client.get<Wishlist>(`/wishlists/${list._id}`)).body));
  return full.map((list) => `${list.name}: ${list.items.map((item) => item.title).sort().join(', ')}`).sort();
}

/** A backup of Ada's instance to restore from, taken over the API: set-up (the command's own backup is the first test's subject), no process. */
async function archiveOf(ada: Account, name: string): Promise<string> {
  const archive = join(folder(), name);
  writeFileSync(archive, await downloadBackup(ada.client));
  return archive;
}

/** Changes made after the backup, which a restore must undo. */
async function changeAfterBackup(ada: Account, listId: string): Promise<void> {
  await ada.client.post('/wishlists', { name: 'After the backup' });
  await addItem(ada.client, listId, { title: 'Added later' });
}

describe('wishwell backup / wishwell restore', () => {
  let running: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(running.map((server) => server.stop()));
    running = [];
  });

  it('backs up a running instance, restores into it stopped, and the next start serves the backup', async () => {
    const { dataDir, server, ada, list, coverUrl } = await instance();
    running.push(server);
    const archive = join(folder(), 'nightly.gz');
    const backup = await runCli(['backup', '--out', archive, '--data-dir', dataDir], server.cliEnv);
    expect(backup.stderr).toBe('');
    expect(backup.exitCode).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${archive}`);
    const entries = Bun.spawnSync(['tar', 'tzf', archive]).stdout.toString().split('\n');
    expect(entries).toEqual(expect.arrayContaining(['manifest.json', 'tables/items.ndjson', `uploads/${coverUrl.split('/').pop()}`]));

    await changeAfterBackup(ada, list._id);
    expect(await adasLists(server, ada)).toEqual(['After the backup: ', 'Birthday: Added later, Teapot']);
    await server.stop();
    running = [];

    const restore = await runCli(['restore', archive, '--data-dir', dataDir], server.cliEnv);
    expect(restore.stderr).toBe('');
    expect(restore.exitCode).toBe(0);
    expect(restore.stdout).toContain(`Restored ${archive}.`);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pre-restore-'))).toHaveLength(1);

    const again = await startTestServer({}, dataDir);
    running.push(again);
    expect((await new ApiClient(again.url).get('/users/profile', { bearer: ada.token })).status).toBe(401);
    expect(await adasLists(again, ada)).toEqual(['Birthday: Teapot']);
    const cover = await fetch(again.url + coverUrl);
    expect(cover.status).toBe(200);
    expect(Buffer.from(await cover.arrayBuffer()).length).toBeGreaterThan(0);
  });

  it.skipIf(TEST_ENGINE !== 'sqlite')('refuses to restore under a running SQLite server, saying which process to stop', async () => {
    const { dataDir, server, ada } = await instance();
    running.push(server);
    const archive = await archiveOf(ada, 'b.gz');
    await ada.client.post('/wishlists', { name: 'Kept' });

    const restore = await runCli(['restore', archive, '--data-dir', dataDir]);
    expect(restore.exitCode).toBe(1);
    expect(restore.stderr).toContain(`A Wishwell server (pid ${server.pid}) is using ${dataDir}`);
    expect(restore.stderr).toContain('Stop the server first');
    expect(readdirSync(dataDir).some((name) => name.startsWith('pre-restore-'))).toBe(false);
    expect(await adasLists(server, ada)).toEqual(['Birthday: Teapot', 'Kept: ']);
  });

  it.skipIf(TEST_ENGINE !== 'sqlite')('a server killed with kill -9 leaves no refusal behind: its pid file names a dead process', async () => {
    const { dataDir, server, ada } = await instance(startServerProcess);
    const archive = await archiveOf(ada, 'b.gz');
    await server.signal('SIGKILL');
    expect(existsSync(join(dataDir, 'wishwell.pid'))).toBe(true);
    expect((await runCli(['restore', archive, '--data-dir', dataDir])).exitCode).toBe(0);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('PostgreSQL: restores under the running server, which rebuilds on the restored data', async () => {
    const { dataDir, server, ada, list } = await instance();
    running.push(server);
    const archive = await archiveOf(ada, 'b.gz');
    await changeAfterBackup(ada, list._id);

    const restore = await runCli(['restore', archive, '--data-dir', dataDir], server.cliEnv);
    expect(restore.stderr).toBe('');
    expect(restore.exitCode).toBe(0);
    expect(restore.stdout).toContain('pre_restore_');
    expect((await ada.client.get('/users/profile')).status).toBe(401);
    expect(await adasLists(server, ada)).toEqual(['Birthday: Teapot']);
  });

  it.skipIf(TEST_ENGINE !== 'postgres')('PostgreSQL: refuses to restore while a replica runs a backup, and changes nothing', async () => {
    const { dataDir, server, ada, list } = await instance();
    running.push(server);
    const archive = await archiveOf(ada, 'b.gz');
    await changeAfterBackup(ada, list._id);
    // A replica's claim, taken as the backup service takes it.
    const replicaBackup = await claimAcrossReplicas(server.databaseUrl!, 'backup');
    if (!('release' in replicaBackup)) throw new Error('the claim is held already');
    try {
      const restore = await runCli(['restore', archive, '--data-dir', dataDir], server.cliEnv);
      expect(restore.exitCode).toBe(1);
      expect(restore.stderr).toContain('A backup is already under way: try again when it has finished.');
    } finally {
      await replicaBackup.release();
    }
    expect(await adasLists(server, ada)).toEqual(['After the backup: ', 'Birthday: Added later, Teapot']);
  });

  it('refuses a file that is not a backup and changes nothing', async () => {
    const { dataDir, server, ada } = await instance();
    await server.stop();
    const junk = join(folder(), 'junk.gz');
    writeFileSync(junk, 'not a backup at all');
    const restore = await runCli(['restore', junk, '--data-dir', dataDir], server.cliEnv);
    expect(restore.exitCode).toBe(1);
    expect(restore.stderr).toContain('Not restored: This is not a Wishwell backup');
    expect(restore.stderr).toContain('Nothing was changed.');
    const again = await startTestServer({}, dataDir);
    running.push(again);
    expect((await new ApiClient(again.url).get('/users/profile', { bearer: ada.token })).status).toBe(200);
  });

  it('refuses a backup holding a row the API would refuse, naming table, line and column, and changes nothing', async () => {
    const { dataDir, server, ada } = await instance();
    const archive = await archiveOf(ada, 'nightly.gz');
    await server.stop();
    const tampered = join(folder(), 'tampered.gz');
    writeFileSync(tampered, withRowChanged(readFileSync(archive), 'items', 'Teapot', (row) => (row.quantity = 'lots')));
    const restore = await runCli(['restore', tampered, '--data-dir', dataDir], server.cliEnv);
    expect(restore.exitCode).toBe(1);
    expect(restore.stderr).toContain("Not restored: The backup's items table has a bad value at line 1, column quantity: It must be a whole number");
    expect(restore.stderr).toContain('Nothing was changed.');
    const again = await startTestServer({}, dataDir);
    running.push(again);
    expect((await new ApiClient(again.url).get('/users/profile', { bearer: ada.token })).status).toBe(200);
    expect(await adasLists(again, ada)).toEqual(['Birthday: Teapot']);
  });

  it('explains its usage when the file or --out is missing', async () => {
    expect((await runCommand(['backup'])).stderr).toContain('Usage: wishwell backup --out FILE');
    expect((await runCommand(['restore'])).exitCode).toBe(2);
    expect((await runCommand(['restore', join(folder(), 'missing.gz')])).stderr).toContain('No such file');
  });
});

describe('scripts/backup.ts and scripts/restore.ts against a running server', () => {
  it("back up and restore over the API with an admin's credentials, showing progress", async () => {
    const { server, ada, list } = await instance();
    try {
      const credentials = { WISHWELL_PASSWORD: PASSWORD };
      const archive = join(folder(), 'remote.gz');
      const backup = await runScript('backup.ts', ['--url', server.url, '--email', ada.email, '--out', archive], credentials);
      expect(backup.exitCode).toBe(0);
      expect(backup.stderr).toMatch(/downloading \[#+\] 100%/);
      expect(backup.stdout).toContain(`Backup written to ${archive}`);

      await changeAfterBackup(ada, list._id);
      const restore = await runScript('restore.ts', [archive, '--url', server.url, '--email', ada.email], credentials);
      expect(restore.stderr).toMatch(/uploading \[#+\] 100%/);
      expect(restore.exitCode).toBe(0);
      expect(restore.stdout).toContain('Database restore initiated. The application will restart.');
      expect(restore.stdout).toContain('the server answers on the restored data');
      expect(await adasLists(server, ada)).toEqual(['Birthday: Teapot']);
    } finally {
      await server.stop();
    }
  });

  it("work with an admin's personal API token of the admin scope, not with a read token", async () => {
    const { server, ada, list } = await instance();
    try {
      const archive = join(folder(), 'token.gz');
      const reader = await createApiToken(ada, 'read');
      const refused = await runScript('backup.ts', ['--url', server.url, '--out', archive], { WISHWELL_TOKEN: reader.token });
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(/^Backup failed \(403\)/);
      const admin = { WISHWELL_TOKEN: (await createApiToken(ada, 'admin')).token };
      expect((await runScript('backup.ts', ['--url', server.url, '--out', archive], admin)).exitCode).toBe(0);
      await changeAfterBackup(ada, list._id);
      const restore = await runScript('restore.ts', [archive, '--url', server.url], admin);
      expect(restore.stderr).not.toContain('failed');
      expect(restore.exitCode).toBe(0);
      expect(await adasLists(server, ada)).toEqual(['Birthday: Teapot']);
    } finally {
      await server.stop();
    }
  });

  it('refuse wrong credentials and a non-admin account, restoring nothing', async () => {
    const { server, ada } = await instance();
    try {
      const bob = await signUp(server.url, 'Bob');
      const archive = join(folder(), 'remote.gz');
      const asBob = await runScript('backup.ts', ['--url', server.url, '--out', archive], { WISHWELL_TOKEN: bob.token });
      expect(asBob.exitCode).toBe(1);
      expect(asBob.stderr).toContain('That account is not an admin');
      expect(existsSync(archive)).toBe(false);
      writeFileSync(archive, 'any file');
      const wrong = await runScript('restore.ts', [archive, '--url', server.url, '--email', ada.email], { WISHWELL_PASSWORD: 'not it' });
      expect(wrong.exitCode).toBe(1);
      expect(wrong.stderr).toContain('Sign-in failed (401): Invalid email or password');
      expect(await adasLists(server, ada)).toEqual(['Birthday: Teapot']);
    } finally {
      await server.stop();
    }
  });
});
