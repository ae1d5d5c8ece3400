import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferProgress } from '@wishwell/shared/desktop-api';
import { ApiClient } from '@wishwell/server/test-support/api-client';
import { startTestServer, type TestServer } from '@wishwell/server/test-support/test-server';
import { IPC } from '../src/ipc-channels';
import { registerBridgeHandlers, UNTRUSTED_SENDER, type BridgeServices } from '../src/ipc-handlers';
import { createDesktopApi } from '../src/preload-api';
import { createServerFetch, sessionHeaders, type CookieJar } from '../src/server-client';
import { FakeIpc } from './support/fake-electron';

const SERVER = 'https://wishes.example.com';

/** Main-process services that record what the page asked for. */
function recordingServices() {
  const calls: string[] = [];
  const notes: [string, string][] = [];
  const services: BridgeServices = {
    trustedOrigin: () => SERVER,
    saveBackup: async (onProgress) => {
      calls.push('saveBackup');
      onProgress({ loaded: 10, total: 20 });
      onProgress({ loaded: 20, total: 20 });
      return { ok: true, saved: true };
    },
    pickRestoreFile: async () => {
      calls.push('pick');
      return { id: 'f1', name: 'wishlist-backup.gz', size: 20 };
    },
    uploadRestoreFile: async (id, onProgress) => {
      calls.push(`upload ${id}`);
      onProgress({ loaded: 20, total: 20 });
      return { ok: false, status: 422, message: 'Bad checksum' };
    },
    notify: (title, body) => notes.push([title, body]),
  };
  return { services, calls, notes };
}

describe('the preload API and the main-process handlers', () => {
  it('carry a backup, a restore and a notification from the admin page to the main process, with progress back', async () => {
    const ipc = new FakeIpc();
    const { services, calls, notes } = recordingServices();
    registerBridgeHandlers(ipc, services);
    const api = createDesktopApi(ipc.renderer(`${SERVER}/admin/backup-restore`));

    const progress: TransferProgress[] = [];
    expect(await api.saveBackup((p) => progress.push(p))).toEqual({ ok: true, saved: true });
    expect(progress).toEqual([{ loaded: 10, total: 20 }, { loaded: 20, total: 20 }]);
    expect(ipc.rendererListenerCount(IPC.transferProgress)).toBe(0);

    expect(await api.pickRestoreFile()).toEqual({ id: 'f1', name: 'wishlist-backup.gz', size: 20 });
    expect(await api.uploadRestoreFile('f1', () => {})).toEqual({ ok: false, status: 422, message: 'Bad checksum' });
    api.notify('Wishwell', 'Backup downloaded successfully.');
    expect(calls).toEqual(['saveBackup', 'pick', 'upload f1']);
    expect(notes).toEqual([['Wishwell', 'Backup downloaded successfully.']]);
  });

  it('refuses pages from anywhere but the configured server', async () => {
    const ipc = new FakeIpc();
    const { services, calls, notes } = recordingServices();
    registerBridgeHandlers(ipc, services);
    for (const frame of ['https://evil.test/admin', 'http://wishes.example.com/admin', 'file:///tmp/x.html']) {
      const api = createDesktopApi(ipc.renderer(frame));
      await expect(api.saveBackup(() => {})).rejects.toThrow(UNTRUSTED_SENDER);
      await expect(api.pickRestoreFile()).rejects.toThrow(UNTRUSTED_SENDER);
      await expect(api.uploadRestoreFile('f1', () => {})).rejects.toThrow(UNTRUSTED_SENDER);
      api.notify('Phish', 'Enter your password');
    }
    expect(calls).toEqual([]);
    expect(notes).toEqual([]);
  });

  it('keep one transfer’s progress away from another running at the same time', async () => {
    const ipc = new FakeIpc();
    const { services } = recordingServices();
    registerBridgeHandlers(ipc, services);
    const api = createDesktopApi(ipc.renderer(`${SERVER}/admin`));
    const first: TransferProgress[] = [];
    const second: TransferProgress[] = [];
    await Promise.all([api.saveBackup((p) => first.push(p)), api.uploadRestoreFile('f1', (p) => second.push(p))]);
    expect(first).toEqual([{ loaded: 10, total: 20 }, { loaded: 20, total: 20 }]);
    expect(second).toEqual([{ loaded: 20, total: 20 }]);
  });
});

describe("the main process's requests", () => {
  let server: TestServer;
  const admin = { name: 'Desk Admin', email: 'desk-admin@example.com', password: 'correct horse 1', domain: 'localhost' };
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it("authenticate as the admin window's signed-in session, XSRF check included", async () => {
    const browser = new ApiClient(server.url);
    expect((await browser.post('/users/register', admin)).status).toBeLessThan(300);
    // The window's cookie jar, as Electron's session.cookies would hand it over.
    const jar: CookieJar = { get: async () => [...browser.cookies].map(([name, value]) => ({ name, value })) };
    const serverFetch = createServerFetch(() => server.url, () => sessionHeaders(jar, server.url));
    const created = await serverFetch('/referral-rules', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matcher: 'desk.example', programName: 'Desk', referralCode: 'd-1', productIdRegex: '/p/(\\d+)', urlStructure: 'https://desk.example/p/{ID}?tag={TAG}' }),
    });
    expect(created.status).toBeLessThan(300);
    const signedOut = createServerFetch(() => server.url, async () => ({}));
    expect((await signedOut('/referral-rules/all')).status).toBe(401);
  });
});
