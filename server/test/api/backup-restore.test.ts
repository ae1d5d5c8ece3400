import { SQL } from 'bun';
import { eq } from 'drizzle-orm';
import { Database } from 'bun:sqlite';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ENDED_COOKIE } from '@wishwell/shared/session-cookie';
import { SESSION_COOKIE } from '../../src/http/cookies';
import { ApiClient } from '../support/api-client';
import { repack, tarGz, unpackWithTar, withRowChanged } from '../support/tar';
import { startTestServer, withStore, type TestServer } from '../support/test-server';
import { dueLists } from '../../src/features/followers/queries';
import { addItem, signUp, type Account } from '../support/wishlists';
import { TEST_ENGINE } from '../support/engine';
import { copiedContents, databaseContents } from '../support/database-contents';
import { downloadBackup, ONE_PIXEL_PNG, restoreBackup as restore, sessionHeaders, uploadPng, waitFor } from '../support/backups';
import { SseConnection } from '../support/sse-client';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { createApiToken } from '../support/api-tokens';
import { waitUntil } from '../support/wait';

let server: TestServer;
let admin: Account;
let member: Account;
let backup: Buffer;
let listId: string;
let coverUrl: string;
const LINE_SEPARATOR = '\u2028';

async function signIn(account: Account): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  const res = await client.post('/users/login', { email: account.email, password: 'correct horse battery' });
  expect(res.status).toBe(200);
  return client;
}

/**
 * The data dir's database file(s) and uploads, hashed: what "byte-identical" is checked against.
 * On PostgreSQL the database part is every row of every table.
 */
async function dataFingerprint(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  if (TEST_ENGINE === 'postgres') {
    const store = await server.openStore();
    try {
      files.database = createHash('sha256').update(JSON.stringify(await databaseContents(store))).digest('hex');
    } finally {
      await store.close();
    }
  }
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

/** A SQLite file's indexes, each as its name and definition. */
function indexesOf(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.query<{ name: string; sql: string | null }, []>("SELECT name, sql FROM sqlite_master WHERE type = 'index' ORDER BY name").all().map(({ name, sql }) => `${name}: ${sql ?? 'automatic'}`);
  } finally {
    db.close();
  }
}

/** The PostgreSQL database's schemas (a restore keeps the replaced data as pre_restore_{timestamp}). */
async function schemaNames(): Promise<string[]> {
  const client = new SQL(server.databaseUrl!, { max: 1 });
  try {
    return (await client<{ name: string }[]>`SELECT nspname AS name FROM pg_namespace`).map((row) => row.name);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUp(server.url, 'Ada');
  member = await signUp(server.url, 'Bob');
  coverUrl = await uploadPng(member.client);
  listId = (await member.client.post('/wishlists', { name: 'Before the backup', coverImage: coverUrl })).body._id;
  // U+2028 is left as it is in a JSON string: the restore must not take it for a line break.
  await addItem(member.client, listId, { title: 'Kept teapot', notes: `Handle with care${LINE_SEPARATOR}it is old` });
});
afterAll(() => server.stop());

describe('backup', () => {
  it('downloads a gzip archive named wishlist-backup-{timestamp}.gz with a manifest, every table and the uploads', async () => {
    const res = await fetch(`${server.url}/api/v1/admin/backup`, {
      method: 'POST',
      headers: sessionHeaders(admin.client),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="wishlist-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.gz"$/);
    backup = Buffer.from(await res.arrayBuffer());
    expect(backup.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const entries = unpackWithTar(backup);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({ formatVersion: 1, schemaVersion: expect.any(Number), engine: TEST_ENGINE, createdAt: expect.any(String) });
    expect(manifest.tables.map((t: { name: string }) => t.name).indexOf('users')).toBeLessThan(manifest.tables.map((t: { name: string }) => t.name).indexOf('items'));
    expect(manifest.tables.find((t: { name: string }) => t.name === 'users').rows).toBe(2);
    const upload = `uploads/${coverUrl.split('/').pop()}`;
    expect(entries.get(upload)).toEqual(ONE_PIXEL_PNG);
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

  // The backup gives its lock back before it answers: a restore asked at once is taken (its file
  // is checked: this one is refused as no backup), never refused as "a backup is under way".
  // Ten times, since a lock left to end with its connection refused about one such restore in 60.
  it.skipIf(TEST_ENGINE !== 'postgres')('PostgreSQL: takes a restore asked the moment a backup has answered', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const res = await fetch(`${server.url}/api/v1/admin/backup`, { method: 'POST', headers: sessionHeaders(admin.client) });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const restored = await restore(admin.client, Buffer.from('not a backup'), 'junk.gz');
      expect(restored.body.message).toMatch(/not a Wishwell backup/);
    }
  });
});

describe('restore refuses a bad file and changes nothing', () => {
  const cases: [string, () => Buffer, number, RegExp][] = [
    ['a truncated file', () => backup.subarray(0, Math.floor(backup.length / 2)), 400, /cut short|not gzip/],
    ['a file that is not gzip', () => Buffer.from('PK\u0003\u0004 this is a zip, not a backup'), 400, /not a Wishwell backup/],
    ['an archive with a ../ entry', () => tarGz([{ name: 'manifest.json', data: '{}' }, { name: '../../etc/evil', data: 'x' }]), 400, /path it may not use/],
    ['an archive with an absolute entry', () => tarGz([{ name: '/etc/passwd', data: 'x' }]), 400, /path it may not use/],
    ['an archive with a link', () => tarGz([{ name: 'uploads/a.png', type: '2', linkName: '/etc/passwd' }]), 400, /not a plain file/],
    ['a gzip bomb', () => gzipSync(Buffer.alloc(300 * 1024 * 1024)), 400, /gzip bomb/],
    ['an archive that holds one entry twice', () => {
      const entries = unpackWithTar(backup);
      return tarGz([...[...entries].map(([name, data]) => ({ name, data })), { name: 'tables/items.ndjson', data: entries.get('tables/items.ndjson')! }]);
    }, 400, /holds tables\/items\.ndjson twice/],
    ['a bad checksum', () => repack(unpackWithTar(backup), (_m, e) => e.set('tables/items.ndjson', Buffer.from(e.get('tables/items.ndjson')!.toString().replace('Kept teapot', 'Evil teapot')))), 400, /does not match its checksum/],
    ['a backup from a newer schema', () => repack(unpackWithTar(backup), (m) => (m.schemaVersion += 1)), 422, /newer Wishwell/],
    ['an item of a list the backup does not hold (checksums right)', () => repack(unpackWithTar(backup), (m, e) => {
      const items = Buffer.from(e.get('tables/items.ndjson')!.toString().replace(/"wishlistId":"[^"]+"/, '"wishlistId":"no-such-list"'));
      e.set('tables/items.ndjson', items);
      m.entries['tables/items.ndjson'] = { sha256: createHash('sha256').update(items).digest('hex'), bytes: items.length };
    }), 400, /do not fit together/],
    // Rows the API would refuse: the restore holds them to the same schemas and rules, naming table, line and column.
    ['an item whose quantity is text', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => (row.quantity = 'lots')), 400,
      /^The backup's items table has a bad value at line 1, column quantity: It must be a whole number from -2147483648 to 2147483647\.$/],
    ['an item whose quantity is beyond what the API takes', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => (row.quantity = 3_000_000)), 400,
      /items table has a bad value at line 1, column quantity: Quantity must be a whole number of at least 1\.$/],
    ['an item whose link is a javascript: URL', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => (row.url = 'javascript:alert(document.cookie)')), 400,
      /items table has a bad value at line 1, column url: The product address must be a web address starting with http:\/\/ or https:\/\/\.$/],
    ['an item whose image is a javascript: URL', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => (row.imageUrl = 'javascript:alert(1)')), 400,
      /column imageUrl: The image address must be a web address/],
    ['an item with a 1 MB title', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => (row.title = 'x'.repeat(1024 * 1024))), 400,
      /items table has a bad value at line 1, column title: The title must be at most 500 characters\.$/],
    ['an item whose title holds a NUL character (PostgreSQL cannot store it)', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => (row.title = 'Tea\u0000pot')), 400,
      /column title: Text cannot contain the NUL character/],
    ['an item whose priority is not one of the API\'s', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => (row.priority = 'Urgent')), 400,
      /column priority: Priority must be one of: Low, Medium, High\.$/],
    ['an item whose creation time is not a date', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => (row.createdAt = 'yesterday')), 400,
      /column createdAt: It must be a date and time/],
    ['an item without a title', () => withRowChanged(backup, 'items', 'Kept teapot', (row) => delete row.title), 400, /column title: A value is required\.$/],
    ['a list whose cover image is a javascript: URL', () => withRowChanged(backup, 'wishlists', 'Before the backup', (row) => (row.coverImage = 'javascript:alert(1)')), 400,
      /^The backup's wishlists table has a bad value at line \d+, column coverImage: The cover image must be an uploaded image or a web address\.$/],
    ['an account whose admin flag is the text "yes"', () => withRowChanged(backup, 'users', 'Bob', (row) => (row.isAdmin = 'yes')), 400,
      /users table has a bad value at line \d, column isAdmin: It must be true or false\.$/],
  ];
  for (const [what, file, status, message] of cases) {
    it(what, async () => {
      const before = await dataFingerprint();
      const res = await restore(admin.client, file());
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(await dataFingerprint()).toEqual(before);
      expect((await admin.client.get('/users/profile')).status).toBe(200); // same server, same sessions
      expect(readdirSync(server.dataDir).filter((name) => /^\.(restore|upload)-/.test(name))).toEqual([]);
      if (TEST_ENGINE === 'postgres') expect((await schemaNames()).filter((name) => name.startsWith('wishwell_staging_'))).toEqual([]);
    });
  }
});

describe('restore', () => {
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
    // The browser is told why (its next page says so and offers to sign in), and its session cookie goes.
    expect(member.client.cookies.get(SESSION_ENDED_COOKIE)).toBe('restore');
    expect(member.client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await carol.client.post('/users/login', { email: carol.email, password: 'correct horse battery' })).status).toBe(401);

    const bob = await signIn(member);
    // A session ended otherwise (a password changed on another device) is not said to be the restore's.
    const otherDevice = await signIn(member);
    expect((await otherDevice.put('/users/profile/password', { currentPassword: 'correct horse battery', newPassword: 'a changed password' })).status).toBe(200);
    expect((await bob.get('/users/profile')).status).toBe(401);
    expect(bob.cookies.has(SESSION_ENDED_COOKIE)).toBe(false);
    expect((await otherDevice.put('/users/profile/password', { currentPassword: 'a changed password', newPassword: 'correct horse battery' })).status).toBe(200);
    const bobAgain = await signIn(member);
    const list = await bobAgain.get(`/wishlists/${listId}`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i: { title: string; notes: string }) => [i.title, i.notes])).toEqual([['Kept teapot', `Handle with care${LINE_SEPARATOR}it is old`]]);
    const cover = await fetch(server.url + coverUrl);
    expect(Buffer.from(await cover.arrayBuffer())).toEqual(ONE_PIXEL_PNG);
    expect(readdirSync(server.dataDir).some((name) => name.startsWith('pre-restore-'))).toBe(true);
    const kept = readdirSync(server.dataDir).find((name) => name.startsWith('pre-restore-'))!;
    if (TEST_ENGINE === 'sqlite') {
      expect(existsSync(join(server.dataDir, kept, 'wishwell.db'))).toBe(true);
      // The restore builds the lookup indexes after loading the rows: every one is back.
      expect(indexesOf(join(server.dataDir, 'wishwell.db'))).toEqual(indexesOf(join(server.dataDir, kept, 'wishwell.db')));
    } else expect(await schemaNames()).toContain(kept.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase());
  });

  it('allows one backup or restore at a time (409)', async () => {
    const ada = await signIn(admin);
    const [first, second] = await Promise.all([restore(ada, backup), restore(ada, backup)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.message).toMatch(/already under way/);
    await waitFor(async () => (await ada.get('/users/profile')).status === 401);
  });
});

describe('the admin event stream tells how each backup and restore went', () => {
  /** The stream's messages of `type`, parsed. */
  const eventsOf = (stream: SseConnection, type: string) => stream.messages.filter((m) => m.event === type).map((m) => ({ id: m.id, ...JSON.parse(m.data) }));

  it('backup.finished and restore.finished (refused, then done) with who, file, size, duration and outcome', async () => {
    const ada = await signIn(admin);
    const stream = await SseConnection.open(`${server.url}/api/v1/admin/events`, sessionHeaders(ada));
    try {
      const archive = await downloadBackup(ada);
      await waitUntil(() => eventsOf(stream, 'backup.finished').length === 1, 'backup.finished');
      expect(eventsOf(stream, 'backup.finished')[0]).toMatchObject({ by: { name: 'Ada' }, sizeBytes: archive.length, outcome: 'succeeded', message: null, fileName: expect.stringMatching(/^wishlist-backup-.*\.gz$/), durationMs: expect.any(Number) });

      expect((await restore(ada, Buffer.from('not a backup'), 'junk.gz')).status).toBe(400);
      await waitUntil(() => eventsOf(stream, 'restore.finished').length === 1, 'the refused restore');
      expect(eventsOf(stream, 'restore.finished')[0]).toMatchObject({ by: { name: 'Ada' }, fileName: 'junk.gz', outcome: 'failed', message: expect.stringMatching(/not a Wishwell backup/) });

      expect((await restore(ada, archive, 'nightly.gz')).status).toBe(200);
      await waitFor(async () => (await ada.get('/users/profile')).status === 401);
      // The rebuild ended the stream: reconnect (signed in again) from the last event seen.
      const again = await signIn(admin);
      const resumed = await SseConnection.open(`${server.url}/api/v1/admin/events`, { ...sessionHeaders(again), 'last-event-id': stream.messages.at(-1)!.id! });
      try {
        await waitUntil(() => eventsOf(resumed, 'restore.finished').length === 1, 'restore.finished after the swap');
        expect(eventsOf(resumed, 'restore.finished')[0]).toMatchObject({ fileName: 'nightly.gz', sizeBytes: expect.any(Number), outcome: 'succeeded', message: null });
      } finally {
        resumed.close();
      }
    } finally {
      stream.close();
    }
  });
});

describe('a backup from before claims', () => {
  it("brings each bought item's buyers back as a claim, so names, counts and re-list stay right", async () => {
    const bob = await signIn(member);
    const list = (await bob.post('/wishlists', { name: 'Old purchases' })).body as { _id: string };
    const vase = await addItem(bob, list._id, { title: 'Vase', quantity: 3 });
    await addItem(bob, list._id, { title: 'Unbought lamp' });
    expect((await new ApiClient(server.url).put(`/wishlists/share/${list._id}/items/${vase._id}`, { quantityPurchased: 2 })).status).toBe(200);
    // The same data as an older Wishwell wrote it: no claims table, the buyers on the item row.
    const old = repack(unpackWithTar(await downloadBackup(await signIn(admin))), (manifest, entries) => {
      entries.delete('tables/claims.ndjson');
      delete manifest.entries['tables/claims.ndjson'];
      manifest.tables = manifest.tables.filter((table: { name: string }) => table.name !== 'claims');
      const rows = entries.get('tables/items.ndjson')!.toString().trim().split('\n').map((line) => JSON.parse(line));
      for (const row of rows) if (row.id === vase._id) row.purchasedBy = 'Ann, Bob';
      const items = Buffer.from(rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
      entries.set('tables/items.ndjson', items);
      manifest.entries['tables/items.ndjson'] = { sha256: createHash('sha256').update(items).digest('hex'), bytes: items.length };
    });

    const ada = await signIn(admin);
    expect((await restore(ada, old)).status).toBe(200);
    await waitFor(async () => (await ada.get('/users/profile')).status === 401);
    const owner = await signIn(member);
    const restored = (await owner.get(`/wishlists/${list._id}`)).body as { items: { title: string; quantityPurchased: number; purchasedBy: string }[] };
    expect(restored.items.map(({ title, quantityPurchased, purchasedBy }) => ({ title, quantityPurchased, purchasedBy }))).toEqual([
      { title: 'Vase', quantityPurchased: 2, purchasedBy: 'Ann, Bob' },
      { title: 'Unbought lamp', quantityPurchased: 0, purchasedBy: '' },
    ]);
    expect((await new ApiClient(server.url).put(`/wishlists/share/${list._id}/items/${vase._id}`, { quantityPurchased: 2 })).status).toBe(409);
    expect((await owner.put(`/wishlists/${list._id}/items/${vase._id}/unpurchase`)).body).toMatchObject({ quantityPurchased: 0, purchasedBy: '' });
  });
});

describe('a backup from before visitor profiles', () => {
  it("restores its visitor log rows (domain, place and browser on each row) into profiles, searchable as before", async () => {
    const views = [
      { id: 'old-view-1', createdAt: new Date().toISOString(), domain: 'gifts.example.com', city: 'Paris', country: 'France', ipAddress: '198.51.100.7', userAgent: 'OldBrowser/1' },
      { id: 'old-view-2', createdAt: new Date().toISOString(), domain: 'gifts.example.com', city: 'Paris', country: 'France', ipAddress: '198.51.100.8', userAgent: 'OldBrowser/1' },
    ];
    const setEntry = (manifest: any, entries: Map<string, Buffer>, table: string, rows: object[]) => {
      const data = Buffer.from(rows.map((row) => JSON.stringify(row) + '\n').join(''));
      entries.set(`tables/${table}.ndjson`, data);
      manifest.entries[`tables/${table}.ndjson`] = { sha256: createHash('sha256').update(data).digest('hex'), bytes: data.length };
      manifest.tables.find((entry: { name: string }) => entry.name === table).rows = rows.length;
    };
    const old = repack(unpackWithTar(await downloadBackup(await signIn(admin))), (manifest, entries) => {
      entries.delete('tables/visitor_profiles.ndjson');
      delete manifest.entries['tables/visitor_profiles.ndjson'];
      manifest.tables = manifest.tables.filter((table: { name: string }) => table.name !== 'visitor_profiles');
      setEntry(manifest, entries, 'visitor_logs', views);
    });

    const ada = await signIn(admin);
    expect((await restore(ada, old)).status).toBe(200);
    await waitFor(async () => (await ada.get('/users/profile')).status === 401);
    const found = await (await signIn(admin)).get('/logs/visitors?q=oldbrowser');
    expect(found.body).toMatchObject({ total: 2 });
    expect(found.body.entries.map(({ _id, domain, city, country, ipAddress, userAgent }: Record<string, string>) => ({ _id, domain, city, country, ipAddress, userAgent })).sort((a: { _id: string }, b: { _id: string }) => a._id.localeCompare(b._id))).toEqual(
      views.map(({ createdAt: _, id, ...view }) => ({ _id: id, ...view })),
    );
  });
});

describe('a backup from before reminders and hashed circle links', () => {
  it('puts each list with an event date before the reminders job again, as the migration does, and keeps old circle links', async () => {
    const bob = await signIn(member);
    const eventDate = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const dated = (await bob.post('/wishlists', { name: 'Old reminders', eventDate })).body as { _id: string };
    const undated = (await bob.post('/wishlists', { name: 'No date' })).body as { _id: string };
    const circle = (await bob.post('/circles', { name: 'Old family' })).body as { _id: string };
    // As an older Wishwell wrote it: no reminders_from on the list rows, a circle's join token in plain text.
    const old = repack(unpackWithTar(await downloadBackup(await signIn(admin))), (manifest, entries) => {
      const rewrite = (table: string, change: (row: Record<string, unknown>) => void) => {
        const rows = entries.get(`tables/${table}.ndjson`)!.toString().trim().split('\n').map((line) => JSON.parse(line));
        rows.forEach(change);
        const data = Buffer.from(rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
        entries.set(`tables/${table}.ndjson`, data);
        manifest.entries[`tables/${table}.ndjson`] = { sha256: createHash('sha256').update(data).digest('hex'), bytes: data.length };
      };
      rewrite('wishlists', (row) => delete row.remindersFrom);
      rewrite('circles', (row) => {
        delete row.joinTokenHash;
        row.joinToken = `old-link-of-${row.id}`;
      });
    });

    const ada = await signIn(admin);
    expect((await restore(ada, old)).status).toBe(200);
    await waitFor(async () => (await ada.get('/users/profile')).status === 401);
    // Due to the reminders job now (dueLists), unless its hourly run came first and set the window.
    const remindersFrom = (listId: string) =>
      withStore(server, async (store) => (await store.db.select({ at: store.tables.wishlists.remindersFrom }).from(store.tables.wishlists).where(eq(store.tables.wishlists.id, listId)))[0]!.at);
    expect(await remindersFrom(dated._id)).not.toBeNull();
    expect(await remindersFrom(undated._id)).toBeNull();
    const due = await withStore(server, async (store) => (await dueLists(store, new Date())).map((list) => list.id));
    expect(due.includes(dated._id) || (await remindersFrom(dated._id))!.getTime() > Date.now()).toBe(true);
    // The circle's link handed out before still opens it.
    const preview = await new ApiClient(server.url).get<{ name: string }>(`/circles/join/old-link-of-${circle._id}`);
    expect(preview.status).toBe(200);
    expect(preview.body.name).toBe('Old family');
  });
});

describe('a backup of every kind of row the API writes', () => {
  let full: TestServer;
  let smtp: TestSmtpServer;
  beforeAll(() => server.stop()); // done with the file's server: this group's own then runs in the test worker, not as a process
  beforeAll(async () => {
    smtp = await startSmtpServer();
    full = await startTestServer({ SMTP_URL: smtp.url, RATE_LIMIT_CLAIM_IP: '10000' });
  });
  afterAll(async () => {
    await full?.stop();
    await smtp?.stop();
  });

  it('restores whole: the row checks refuse nothing the API wrote', async () => {
    const ada = await signUp(full.url, 'Ada');
    const api = ada.client;
    const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    ok(await api.put('/users/profile', { name: 'Ada L.', email: ada.email, country: 'United Kingdom', language: 'de' }));
    await createApiToken(ada, 'read', { name: 'nightly', expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    ok(await api.post('/referral-rules', { matcher: 'giftshop.example', programName: 'Gift Shop', referralCode: 'ww', idRegex: '/p/(\\d+)', urlStructure: '', giftCardUrl: 'https://giftshop.example/cards' }));
    ok(await api.post('/domain-configs', { hostname: 'Gifts.Example.com', companyName: 'Gift Co', logoUrl: '/Logo.png', primaryColor: '#123456', secondaryColor: '#abcdef', landingPageHeadline: 'Gifts', landingPageSubheadline: 'One list.' }));
    ok(await api.post('/scraper-configs', { domain: 'shop.example', strategy: 'cheerio', titleSelector: '.name', priceSelector: '.cost', imageSelector: 'img.pic', imageAttribute: 'data-large', isPriceComplex: true, notes: 'Split prices' }));
    const list = (await api.post('/wishlists', {
      name: 'Birthday', description: 'Mine', theme: 'Birthday', colorSet: 'festive', coverImage: await uploadPng(api),
      eventDate: '2027-03-01', expiresAt: '2027-04-01T00:00:00.000Z', surpriseUntil: '2027-03-02T00:00:00.000Z', allowOverPledge: true,
    })).body;
    ok(await api.post(`/wishlists/${list._id}/editors`, { email: 'helper@example.com' }));
    const pram = await addItem(api, list._id, { title: 'Pram', price: '300', currency: 'EUR', url: 'https://giftshop.example/p/42', isGroupGift: true });
    // An uploaded image: a shop's would queue a copy, whose attempts change the row while the test compares.
    const kite = await addItem(api, list._id, { title: 'Kite', quantity: 3, priority: 'High', imageUrl: await uploadPng(api), notes: 'Red', description: 'A kite' });
    const guest = new ApiClient(full.url);
    ok(await guest.post(`/wishlists/share/${list._id}/items/${pram._id}/pledges`, { amount: '25.50', name: 'Aunt May', email: 'may@example.com' }));
    ok(await guest.put(`/wishlists/share/${list._id}/items/${kite._id}`, { purchasedBy: 'Uncle Bob', quantityPurchased: 2, email: 'bob@example.com' }));
    // The invitation's mail and the two manage links' are logged after their answers have gone,
    // and sent by the outbox in its own time: a mail still queued in the backup would go out again after the restore.
    await waitFor(async () => {
      const { email_logs: logs, mail_outbox: outbox } = await copiedContents(full);
      return logs!.length === 3 && outbox!.every((mail) => (mail as { state: string }).state === 'sent');
    });
    const before = await copiedContents(full);
    const written = ['users', 'api_tokens', 'referral_rules', 'domain_configs', 'scraper_configs', 'wishlists', 'editor_invitations', 'items', 'claims', 'uploads'];
    expect(written.filter((table) => before[table]!.length === 0)).toEqual([]);
    const res = await restore(api, await downloadBackup(api));
    expect(res.status, res.body.message).toBe(200);
    await waitFor(async () => (await api.get('/users/profile')).status === 401);
    expect(await copiedContents(full)).toEqual(before);
  });
});
