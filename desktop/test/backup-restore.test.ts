import { gunzipSync } from 'node:zlib';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TransferProgress } from '@wishwell/shared/desktop-api';
import { ApiClient } from '@wishwell/server/test-support/api-client';
import { startTestServer, type TestServer } from '@wishwell/server/test-support/test-server';
import { saveBackup, type SaveDialog } from '../src/backup-save';
import { RestoreFiles, type OpenDialog } from '../src/restore-upload';
import { createServerFetch, sessionHeaders, type CookieJar, type ServerFetch } from '../src/server-client';
import { FakeProgressWindow } from './support/fake-electron';
import { startNetworkRelay } from './support/network-relay';

// The desktop app's native Save and Open dialogs against the real server: the admin window's
// session cookies, the real backup stream and the real restore. Only Electron's dialogs and
// window are fakes; a TCP relay stands for a network that breaks off.

const PASSWORD = 'correct horse battery';
let server: TestServer;
let admin: ApiClient;
let member: ApiClient;
let dir: string;
let relays: { close(): Promise<void> }[] = [];

async function signedUp(name: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  expect((await client.post('/users/register', { name, email: `${name.toLowerCase()}@example.com`, password: PASSWORD, domain: 'localhost' })).status).toBe(201);
  return client;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedUp('Ada'); // the first account is the admin
  member = await signedUp('Bob');
});
afterAll(() => server?.stop());
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wishwell-desktop-backup-'));
});
afterEach(async () => {
  for (const relay of relays) await relay.close();
  relays = [];
  rmSync(dir, { recursive: true, force: true });
});

/** Requests as the given browser session's window would send them (cookies and XSRF header), counted. */
function windowFetch(session: ApiClient, origin = server.url) {
  const jar: CookieJar = { get: async () => [...session.cookies].map(([name, value]) => ({ name, value })) };
  const calls: string[] = [];
  const counted = (input: string | URL | Request, init?: RequestInit) => {
    calls.push(String(input));
    return fetch(input, init);
  };
  const serverFetch: ServerFetch = createServerFetch(() => origin, () => sessionHeaders(jar, origin), counted as typeof fetch);
  return { serverFetch, calls };
}

/** A dialog method that records the options it was called with and answers with `answer`. */
function recordingDialog<Options, Answer>(answer: Answer) {
  const asked: Options[] = [];
  return { asked, show: async (options: Options) => (asked.push(options), answer) };
}

function saveDialog(answer: { canceled: boolean; filePath?: string }) {
  const { asked, show } = recordingDialog<Parameters<SaveDialog['showSaveDialog']>[0], typeof answer>(answer);
  return { dialog: { showSaveDialog: show } satisfies SaveDialog, asked };
}

function openDialog(answer: { canceled: boolean; filePaths: string[] }) {
  const { asked, show } = recordingDialog<Parameters<OpenDialog['showOpenDialog']>[0], typeof answer>(answer);
  return { dialog: { showOpenDialog: show } satisfies OpenDialog, asked };
}

function backupDeps(serverFetch: ServerFetch, dialog: SaveDialog, window = new FakeProgressWindow()) {
  return { dialog, window, serverFetch, defaultDir: dir, now: () => new Date('2026-11-23T16:05:09.123Z') };
}

const listNames = async (client: ApiClient) => ((await client.get<{ name: string }[]>('/wishlists')).body ?? []).map((list) => list.name);

describe('a backup saved through the native Save dialog and restored through the Open dialog', () => {
  it('writes the real backup to the chosen path with progress, and uploading that file restores the server to it', async () => {
    expect((await admin.post('/wishlists', { name: 'Before the backup' })).status).toBeLessThan(300);
    const target = join(dir, 'chosen.gz');
    const save = saveDialog({ canceled: false, filePath: target });
    const window = new FakeProgressWindow();
    const progress: TransferProgress[] = [];
    expect(await saveBackup(backupDeps(windowFetch(admin).serverFetch, save.dialog, window), (p) => progress.push(p))).toEqual({ ok: true, saved: true });
    expect(save.asked[0]).toMatchObject({ defaultPath: join(dir, 'wishlist-backup-2026-11-23T16-05-09.123Z.gz'), filters: [{ extensions: ['gz'] }] });
    expect(readdirSync(dir)).toEqual(['chosen.gz']);
    const saved = readFileSync(target);
    expect(gunzipSync(saved).includes('manifest.json')).toBe(true); // a real backup archive
    expect(progress.at(-1)).toMatchObject({ loaded: saved.length });
    expect(window.values.at(-1)).toBe(-1); // the taskbar bar goes away at the end

    expect((await admin.post('/wishlists', { name: 'After the backup' })).status).toBeLessThan(300);
    const relay = await startNetworkRelay(Number(new URL(server.url).port));
    relays.push(relay);
    const open = openDialog({ canceled: false, filePaths: [target] });
    const restore = new RestoreFiles({ dialog: open.dialog, window: new FakeProgressWindow(), serverFetch: windowFetch(admin, relay.origin).serverFetch });
    const picked = await restore.pick();
    expect(open.asked[0]).toMatchObject({ properties: ['openFile'], filters: [{ extensions: ['gz'] }] });
    expect(picked).toEqual({ id: expect.any(String), name: 'chosen.gz', size: saved.length });
    const uploadProgress: TransferProgress[] = [];
    expect(await restore.upload(picked!.id, (p) => uploadProgress.push(p))).toEqual({ ok: true, message: expect.any(String) });
    expect(uploadProgress.at(-1)).toEqual({ loaded: saved.length, total: saved.length });
    // Sent with its length up front (servers may refuse chunked uploads), yet streamed from disk.
    const upload = relay.requests.find((request) => request.line.startsWith('POST /api/v1/admin/restore'))!;
    expect(Number(upload.headers['content-length'])).toBeGreaterThan(saved.length);
    expect(upload.headers['transfer-encoding']).toBeUndefined();

    // The restore finishes after the answer; then sessions from before it stop, and signed in again, the data is the backup's.
    await expect.poll(async () => (await admin.get('/wishlists')).status, { timeout: 20_000 }).toBe(401);
    expect((await admin.post('/users/login', { email: 'ada@example.com', password: PASSWORD })).status).toBe(200);
    expect(await listNames(admin)).toEqual(['Before the backup']);
    expect((await member.post('/users/login', { email: 'bob@example.com', password: PASSWORD })).status).toBe(200);
  });

  it('does not even ask the server when a dialog is cancelled, and refuses a file id it never handed out', async () => {
    const { serverFetch, calls } = windowFetch(admin);
    expect(await saveBackup(backupDeps(serverFetch, saveDialog({ canceled: true, filePath: '' }).dialog), () => {})).toEqual({ ok: true, saved: false });
    const restore = new RestoreFiles({ dialog: openDialog({ canceled: true, filePaths: [] }).dialog, window: new FakeProgressWindow(), serverFetch });
    expect(await restore.pick()).toBeNull();
    expect(await restore.upload('../../etc/passwd', () => {})).toEqual({ ok: false, status: 400, message: 'Choose the backup file again.' });
    expect(calls).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves no partial file when the download breaks off, and an older file at that path untouched', async () => {
    const relay = await startNetworkRelay(Number(new URL(server.url).port));
    relays.push(relay);
    relay.cutResponsesAfter(2048); // the headers and the start of the archive
    const target = join(dir, 'wishlist-backup.gz');
    writeFileSync(target, 'last week');
    const result = await saveBackup(backupDeps(windowFetch(admin, relay.origin).serverFetch, saveDialog({ canceled: false, filePath: target }).dialog), () => {});
    expect(result).toMatchObject({ ok: false, status: 0, message: expect.stringMatching(/^The transfer failed: /) });
    expect(readdirSync(dir)).toEqual(['wishlist-backup.gz']);
    expect(readFileSync(target, 'utf8')).toBe('last week');
  });

  it("relays the server's refusal and writes nothing: a window signed in without admin rights", async () => {
    const result = await saveBackup(backupDeps(windowFetch(member).serverFetch, saveDialog({ canceled: false, filePath: join(dir, 'b.gz') }).dialog), () => {});
    expect(result).toEqual({ ok: false, status: 403, message: 'Only administrators can do that.' });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("relays the server's message when it refuses the file, and the data stays as it was", async () => {
    const before = await listNames(admin);
    const file = join(dir, 'bad.gz');
    writeFileSync(file, 'not a backup');
    const restore = new RestoreFiles({ dialog: openDialog({ canceled: false, filePaths: [file] }).dialog, window: new FakeProgressWindow(), serverFetch: windowFetch(admin).serverFetch });
    const picked = await restore.pick();
    const result = await restore.upload(picked!.id, () => {});
    expect(result).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/not a Wishwell backup/) });
    expect(await listNames(admin)).toEqual(before);
  });
});
