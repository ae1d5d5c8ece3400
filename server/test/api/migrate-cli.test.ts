/**
 * `wishwell migrate`: a whole instance copied SQLite -> PostgreSQL -> SQLite by the real command,
 * every row and upload equal, each table's row count checked; a target holding data is refused
 * unless --force. Needs both engines: runs in the PostgreSQL run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { temporaryFolders, uploadHashes } from '../support/data-dir';
import { runCli, runCommand } from '../support/cli';
import { copiedContents } from '../support/database-contents';
import { testDatabaseUrl } from '../support/engine';
import { startServerProcess } from '../support/test-server';
import { seedSampleInstance, signUp } from '../support/wishlists';

const folder = temporaryFolders('wishwell-migrate-');

describe('wishwell migrate', () => {
  it('copies SQLite -> PostgreSQL -> SQLite: every row and upload equal, row counts checked', async () => {
    const sqliteDir = folder();
    const source = await startServerProcess({}, sqliteDir, 0, 'sqlite');
    const ada = await seedSampleInstance(source.url);
    const expected = await copiedContents(source);
    await source.stop(); // a migration is done with the servers stopped (a SQLite source may keep running)

    const postgresDir = folder();
    const postgresUrl = (await testDatabaseUrl(postgresDir, 'postgres'))!;
    const there = await runCli(['migrate', '--from', sqliteDir, '--to', postgresUrl, '--data-dir', postgresDir]);
    expect(there.stderr).toBe('');
    expect(there.exitCode).toBe(0);
    expect(there.stdout).toMatch(/\[#{20}\] (\d+)\/\1 \w+: \d+ rows/); // the bar reaches its end
    expect(there.stdout).toContain("every table's row count matches");
    expect(there.stdout).toContain('Writing postgres://…@127.0.0.1:'); // no credentials in the output

    const onPostgres = await startServerProcess({}, postgresDir, 0, 'postgres');
    try {
      expect(await copiedContents(onPostgres)).toEqual(expected);
      expect(uploadHashes(postgresDir)).toEqual(uploadHashes(sqliteDir));
      const client = new ApiClient(onPostgres.url);
      expect((await client.post('/users/login', { email: ada.email, password: 'correct horse battery' })).status).toBe(200);
    } finally {
      await onPostgres.stop();
    }

    const backDir = folder();
    const back = await runCli(['migrate', '--from', postgresUrl, '--to', backDir, '--data-dir', postgresDir]);
    expect(back.exitCode).toBe(0);
    const onSqlite = { openStore: () => import('../../src/db/open-store').then(({ openStore }) => openStore({ dataDir: backDir, databaseUrl: null })) };
    expect(await copiedContents(onSqlite)).toEqual(expected);
    expect(uploadHashes(backDir)).toEqual(uploadHashes(sqliteDir));
    expect(Object.keys(uploadHashes(backDir))).toHaveLength(1);
  });

  it('refuses a target that holds data unless --force, then keeps what it replaced', async () => {
    const sourceDir = folder();
    const source = await startServerProcess({}, sourceDir, 0, 'sqlite');
    await seedSampleInstance(source.url);
    await source.stop();
    const targetDir = folder();
    const target = await startServerProcess({}, targetDir, 0, 'postgres');
    const existing = await signUp(target.url, 'Already here');
    await existing.client.post('/wishlists', { name: 'Existing list' });
    await target.stop();
    const before = await copiedContents(target);

    const refused = await runCli(['migrate', '--from', sourceDir, '--to', target.databaseUrl!, '--data-dir', targetDir]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain('already holds 1 accounts and 1 wish lists: add --force to replace it');
    expect(await copiedContents(target)).toEqual(before);

    const forced = await runCli(['migrate', '--from', sourceDir, '--to', target.databaseUrl!, '--data-dir', targetDir, '--force']);
    expect(forced.exitCode).toBe(0);
    expect(forced.stdout).toContain('The replaced data is kept in');
    expect(readdirSync(targetDir).some((name) => name.startsWith('pre-restore-'))).toBe(true);
    const after = await copiedContents(target);
    expect((after.users as { name: string }[]).map((user) => user.name).sort()).toEqual(['Ada', 'Bob']);
  });

  it('refuses a SQLite target a server is running on, and the same instance at both ends', async () => {
    const dir = folder();
    const running = await startServerProcess({}, dir, 0, 'sqlite');
    try {
      const postgresUrl = (await testDatabaseUrl(folder(), 'postgres'))!;
      const refused = await runCli(['migrate', '--from', postgresUrl, '--to', dir]);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toContain(`A Wishwell server (pid ${running.pid}) is using ${dir}`);
      expect((await runCommand(['migrate', '--from', dir, '--to', join(dir, 'wishwell.db')])).stderr).toContain('--from and --to are the same instance.');
      const empty = folder();
      expect((await runCommand(['migrate', '--from', empty, '--to', postgresUrl])).stderr).toContain(`${empty} holds no Wishwell database`);
    } finally {
      await running.stop();
    }
  });
});
