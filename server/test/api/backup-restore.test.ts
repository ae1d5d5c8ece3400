import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { tarGz, type TarEntry } from '../support/tar';
import { startTestServer, type TestServer } from '../support/test-server';
import { addItem, signUp, type Account } from '../support/wishlists';
import { TEST_ENGINE } from '../support/engine';

// Backup and restore exist for SQLite only so far (PostgreSQL answers 422): this file runs on SQLite.
const onSqlite = describe.skipIf(TEST_ENGINE !== 'sqlite');

let server: TestServer;
let admin: Account;
let member: Account;
let backup: Buffer;
let listId: string;
let coverUrl: string;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex');

async function restore(client: ApiClient, file: Uint8Array, name = 'backup.gz') {
  const form = new FormData();
  form.append('backupFile', new File([new Uint8Array(file)], name, { type: 'application/gzip' }));
  return client.call('POST', '/admin/restore', undefined, { raw: form });
}

async function signIn(account: Account): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const res = await client.post('/users/login', { email: account.email, password: 'correct horse battery' });
  expect(res.status).toBe(200);
  return client;
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The data dir's database and uploads, hashed: what "byte-identical" is checked against. */
function dataFingerprint(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/^wishwell\.db|^uploads\//.test(relative(server.dataDir, path))) files[relative(server.dataDir, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(server.dataDir);
  return files;
}

function unpackWithTar(archive: Buffer): Map<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'wishwell-backup-test-'));
  const file = join(dir, 'b.gz');
  Bun.write(file, archive);
  Bun.spawnSync(['tar', 'xzf', file, '-C', dir]);
  const entries = new Map<string, Buffer>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (path !== file) entries.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return entries;
}

function repack(entries: Map<string, Buffer>, change: (manifest: any, entries: Map<string, Buffer>) => void): Buffer {
  const copy = new Map(entries);
  const manifest = JSON.parse(copy.get('manifest.json')!.toString());
  change(manifest, copy);
  copy.set('manifest.json', Buffer.from(JSON.stringify(manifest)));
  const ordered: TarEntry[] = [{ name: 'manifest.json', data: copy.get('manifest.json')! }, ...[...copy].filter(([name]) => name !== 'manifest.json').map(([name, data]) => ({ name, data }))];
  return tarGz(ordered);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUp(server.url, 'Ada');
  member = await signUp(server.url, 'Bob');
  const form = new FormData();
  form.append('image', new File([PNG], 'cover.png', { type: 'image/png' }));
  coverUrl = (await member.client.call('POST', '/upload', undefined, { raw: form })).body.url;
  listId = (await member.client.post('/wishlists', { name: 'Before the backup', coverImage: coverUrl })).body._id;
  await addItem(member.client, listId, { title: 'Kept teapot' });
});
afterAll(() => server.stop());

onSqlite('backup', () => {
  it('downloads a gzip archive named wishlist-backup-{timestamp}.gz with a manifest, every table and the uploads', async () => {
    const res = await fetch(`${server.url}/api/v1/admin/backup`, {
      method: 'POST',
      headers: { cookie: [...admin.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-xsrf-token': decodeURIComponent(admin.client.cookies.get('XSRF-TOKEN')!) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="wishlist-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.gz"$/);
    backup = Buffer.from(await res.arrayBuffer());
    expect(backup.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const entries = unpackWithTar(backup);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({ formatVersion: 1, schemaVersion: expect.any(Number), engine: 'sqlite', createdAt: expect.any(String) });
    expect(manifest.tables.map((t: { name: string }) => t.name).indexOf('users')).toBeLessThan(manifest.tables.map((t: { name: string }) => t.name).indexOf('items'));
    expect(manifest.tables.find((t: { name: string }) => t.name === 'users').rows).toBe(2);
    const upload = `uploads/${coverUrl.split('/').pop()}`;
    expect(entries.get(upload)).toEqual(PNG);
    for (const [name, { sha256 }] of Object.entries(manifest.entries as Record<string, { sha256: string }>)) {
      expect(createHash('sha256').update(entries.get(name)!).digest('hex'), name).toBe(sha256);
    }
    expect(entries.get('tables/items.ndjson')!.toString()).toContain('Kept teapot');
    expect(readdirSync(server.dataDir).filter((name) => name.startsWith('.backup-'))).toEqual([]);
  });

  it('is for admins only', async () => {
    expect((await member.client.post('/admin/backup')).status).toBe(403);
    expect((await new ApiClient(server.url).post('/admin/backup')).status).toBe(401);
    expect((await restore(member.client, backup)).status).toBe(403);
  });
});

onSqlite('restore refuses a bad file and changes nothing', () => {
  const cases: [string, () => Buffer, number, RegExp][] = [
    ['a truncated file', () => backup.subarray(0, Math.floor(backup.length / 2)), 400, /cut short|not gzip/],
    ['a file that is not gzip', () => Buffer.from('PK\u0003\u0004 this is a zip, not a backup'), 400, /not a Wishwell backup/],
    ['an archive with a ../ entry', () => tarGz([{ name: 'manifest.json', data: '{}' }, { name: '../../etc/evil', data: 'x' }]), 400, /path it may not use/],
    ['an archive with an absolute entry', () => tarGz([{ name: '/etc/passwd', data: 'x' }]), 400, /path it may not use/],
    ['an archive with a link', () => tarGz([{ name: 'uploads/a.png', type: '2', linkName: '/etc/passwd' }]), 400, /not a plain file/],
    ['a gzip bomb', () => gzipSync(Buffer.alloc(300 * 1024 * 1024)), 400, /gzip bomb/],
    ['a bad checksum', () => repack(unpackWithTar(backup), (_m, e) => e.set('tables/items.ndjson', Buffer.from(e.get('tables/items.ndjson')!.toString().replace('Kept teapot', 'Evil teapot')))), 400, /does not match its checksum/],
    ['a backup from a newer schema', () => repack(unpackWithTar(backup), (m) => (m.schemaVersion += 1)), 422, /newer Wishwell/],
  ];
  for (const [what, file, status, message] of cases) {
    it(what, async () => {
      const before = dataFingerprint();
      const res = await restore(admin.client, file());
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(dataFingerprint()).toEqual(before);
      expect((await admin.client.get('/users/profile')).status).toBe(200); // same server, same sessions
      expect(readdirSync(server.dataDir).filter((name) => /^\.(restore|upload)-/.test(name))).toEqual([]);
    });
  }
});

onSqlite('restore', () => {
  it('brings back the data and uploads of the backup, refuses every older session, and the same server keeps answering', async () => {
    const oldAdminSession = admin.client;
    await addItem(member.client, listId, { title: 'Added after the backup' });
    await member.client.delete(`/wishlists/${listId}`);
    const carol = await signUp(server.url, 'Carol');

    const res = await restore(oldAdminSession, backup);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Database restore initiated. The application will restart.');
    await waitFor(async () => (await oldAdminSession.get('/users/profile')).status === 401);
    expect((await member.client.get('/users/profile')).status).toBe(401);
    expect((await carol.client.post('/users/login', { email: carol.email, password: 'correct horse battery' })).status).toBe(401);

    const bob = await signIn(member);
    const list = await bob.get(`/wishlists/${listId}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { title: string }) => i.title)).toEqual(['Kept teapot']);
    const cover = await fetch(server.url + coverUrl);
    expect(Buffer.from(await cover.arrayBuffer())).toEqual(PNG);
    expect(readdirSync(server.dataDir).some((name) => name.startsWith('pre-restore-'))).toBe(true);
    const kept = readdirSync(server.dataDir).find((name) => name.startsWith('pre-restore-'))!;
    expect(existsSync(join(server.dataDir, kept, 'wishwell.db'))).toBe(true);
  });

  it('allows one backup or restore at a time (409)', async () => {
    const ada = await signIn(admin);
    const [first, second] = await Promise.all([restore(ada, backup), restore(ada, backup)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.message).toMatch(/already under way/);
    await waitFor(async () => (await ada.get('/users/profile')).status === 401);
  });
});
