import { describe, expect, it } from 'vitest';
import { appMenuTemplate, CHANGE_SERVER_LABEL } from '../src/menu';
import { denyPermissions, guardNavigation } from '../src/navigation';
import { ADMIN_PARTITION, adminWindowOptions, setupWindowOptions } from '../src/window-options';
import { FakeSession, FakeWebContents } from './support/fake-electron';

const SERVER = 'https://wishes.example.com';

describe('window options', () => {
  it('isolate the page from Node and Electron in every window', () => {
    for (const options of [adminWindowOptions('/app/preload.cjs'), setupWindowOptions('/app/setup-preload.cjs')]) {
      expect(options.webPreferences).toMatchObject({
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
      });
    }
  });

  it('keep the admin session in a persistent partition, the setup form in a throwaway one', () => {
    const admin = adminWindowOptions('/app/preload.cjs');
    expect(admin.webPreferences?.partition).toBe(ADMIN_PARTITION);
    expect(ADMIN_PARTITION.startsWith('persist:')).toBe(true);
    expect(admin.webPreferences?.preload).toBe('/app/preload.cjs');
    expect(setupWindowOptions('/app/setup-preload.cjs').webPreferences?.partition).not.toMatch(/^persist:/);
  });
});

describe('navigation guard', () => {
  function guarded(origin = SERVER) {
    const contents = new FakeWebContents();
    const opened: string[] = [];
    guardNavigation(contents, () => origin, (url) => opened.push(url));
    return { contents, opened };
  }

  it('lets the window move between pages of the configured server', () => {
    const { contents, opened } = guarded();
    expect(contents.emit('will-navigate', `${SERVER}/login`).prevented).toBe(false);
    expect(contents.emit('will-redirect', `${SERVER}/admin`).prevented).toBe(false);
    expect(opened).toEqual([]);
  });

  it('stops navigation to another origin and opens it in the system browser', () => {
    const { contents, opened } = guarded();
    expect(contents.emit('will-navigate', 'https://shop.example.org/p/1').prevented).toBe(true);
    expect(contents.emit('will-redirect', 'https://login.evil.test/').prevented).toBe(true);
    expect(opened).toEqual(['https://shop.example.org/p/1', 'https://login.evil.test/']);
  });

  it('drops file: and javascript: links without opening anything', () => {
    const { contents, opened } = guarded();
    expect(contents.emit('will-navigate', 'file:///etc/passwd').prevented).toBe(true);
    expect(contents.emit('will-navigate', 'javascript:alert(1)').prevented).toBe(true);
    expect(contents.windowOpenHandler!({ url: 'file:///C:/evil.exe' })).toEqual({ action: 'deny' });
    expect(opened).toEqual([]);
  });

  it('never opens a new window: other web pages go to the system browser', () => {
    const { contents, opened } = guarded();
    expect(contents.windowOpenHandler!({ url: 'https://shop.example.org/p/2' })).toEqual({ action: 'deny' });
    expect(contents.windowOpenHandler!({ url: `${SERVER}/admin` })).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://shop.example.org/p/2']);
  });

  it('refuses <webview> tags', () => {
    expect(guarded().contents.emit('will-attach-webview').prevented).toBe(true);
  });

  it('follows a change of server at once', () => {
    let origin = SERVER;
    const contents = new FakeWebContents();
    guardNavigation(contents, () => origin, () => {});
    origin = 'https://other.example.net';
    expect(contents.emit('will-navigate', `${SERVER}/admin`).prevented).toBe(true);
    expect(contents.emit('will-navigate', 'https://other.example.net/admin').prevented).toBe(false);
  });
});

describe('permissions', () => {
  it('denies every request and check (camera, geolocation, notifications, ...)', () => {
    const session = new FakeSession();
    denyPermissions(session);
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      session.requestHandler!({}, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, false]);
    expect(session.checkHandler!()).toBe(false);
  });
});

describe('menu', () => {
  it('has a Change Server item that opens the server form', () => {
    let changed = 0;
    const template = appMenuTemplate({ changeServer: () => changed++, openAdminHome: () => {} }, false);
    const file = template.find((entry) => entry.label === 'File');
    const item = (file?.submenu as { label?: string; click?: () => void }[]).find((entry) => entry.label === CHANGE_SERVER_LABEL);
    item!.click!();
    expect(changed).toBe(1);
  });
});
