import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@wishwell/server/test-support/test-server';
import { IPC } from '../src/ipc-channels';
import { registerSetupHandlers } from '../src/ipc-handlers';
import { parseServerAddress } from '../src/server-address';
import { serverSetup } from '../src/server-setup';
import { loadSettings, SETTINGS_FILE } from '../src/settings';
import { FakeIpc } from './support/fake-electron';

let server: TestServer;
let notWishwell: Server;
let notWishwellUrl: string;
let settingsDir: string;
let connected: string[];

beforeAll(async () => {
  server = await startTestServer();
  notWishwell = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>My blog</h1>'));
  await new Promise<void>((resolve) => notWishwell.listen(0, '127.0.0.1', resolve));
  notWishwellUrl = `http://127.0.0.1:${(notWishwell.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server.stop();
  notWishwell.close();
});

beforeEach(() => {
  settingsDir = mkdtempSync(join(tmpdir(), 'wishwell-desktop-settings-'));
  connected = [];
  return () => rmSync(settingsDir, { recursive: true, force: true });
});

const setup = () => serverSetup({ settingsDir, fetchFn: fetch, onConnected: (origin) => connected.push(origin) });

describe('first launch: the server address form', () => {
  it('accepts a running Wishwell server, remembers it for the next launch and connects', async () => {
    expect(await setup().current()).toBe('');
    expect(await setup().connect(`  ${server.url}/admin  `)).toEqual({ ok: true });
    expect(connected).toEqual([server.url]);
    // A new launch reads the same file.
    expect(await loadSettings(settingsDir)).toEqual({ serverOrigin: server.url });
    expect(await setup().current()).toBe(server.url);
    expect(JSON.parse(readFileSync(join(settingsDir, SETTINGS_FILE), 'utf8'))).toEqual({ serverOrigin: server.url });
  });

  it('refuses an address nothing answers at, with a message, and keeps the saved one', async () => {
    await setup().connect(server.url);
    const deadPort = (await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const port = (probe.address() as AddressInfo).port;
        probe.close(() => resolve(port));
      });
    }));
    const result = await setup().connect(`http://127.0.0.1:${deadPort}`);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^No answer from http:\/\/127\.0\.0\.1:\d+ \(.+\)\. Check the address and your connection\.$/) });
    expect(await setup().current()).toBe(server.url);
    expect(connected).toEqual([server.url]);
  });

  it('refuses a web server that is not Wishwell', async () => {
    const result = await setup().connect(notWishwellUrl);
    expect(result).toEqual({ ok: false, message: `${notWishwellUrl} answered, but it is not a Wishwell server (no health report at /api/v1/health).` });
    expect(await setup().current()).toBe('');
  });

  it('refuses what is not an http(s) address before trying it', async () => {
    for (const [input, message] of [
      ['', "Enter your Wishwell server's address, e.g. https://wishes.example.com."],
      ['ftp://wishes.example.com', 'The address must start with https:// or http://, e.g. https://wishes.example.com.'],
      ['javascript:alert(1)', '"javascript:alert(1)" is not a web address. Enter one like https://wishes.example.com.'],
      ['https://admin:secret@wishes.example.com', 'Leave the user name and password out of the address; you sign in in the app.'],
      ['http://exa mple.com', '"http://exa mple.com" is not a web address. Enter one like https://wishes.example.com.'],
    ] as const) {
      expect(await setup().connect(input), input).toEqual({ ok: false, message });
    }
    expect(connected).toEqual([]);
  });

  it('reads a bare host name as https and cuts a pasted page address to its origin', () => {
    expect(parseServerAddress('wishes.example.com')).toEqual({ ok: true, origin: 'https://wishes.example.com' });
    expect(parseServerAddress('HTTPS://Wishes.Example.com:443/admin/users?x=1')).toEqual({ ok: true, origin: 'https://wishes.example.com' });
    expect(parseServerAddress('http://192.168.1.20:3000/')).toEqual({ ok: true, origin: 'http://192.168.1.20:3000' });
  });

  it('starts over with the form when the settings file is unreadable', async () => {
    writeFileSync(join(settingsDir, SETTINGS_FILE), '{ not json');
    expect(await setup().current()).toBe('');
    expect(await setup().connect(server.url)).toEqual({ ok: true });
    expect(await loadSettings(settingsDir)).toEqual({ serverOrigin: server.url });
  });

  it('answers only its own setup page over IPC', async () => {
    const ipc = new FakeIpc();
    registerSetupHandlers(ipc, 'file:///app/dist/setup.html', setup());
    expect(await ipc.renderer('file:///app/dist/setup.html').invoke(IPC.setupConnect, server.url)).toEqual({ ok: true });
    await expect(ipc.renderer(`${server.url}/admin`).invoke(IPC.setupConnect, 'https://evil.test')).rejects.toThrow('Refused: not the setup page.');
    await expect(ipc.renderer('file:///tmp/other.html').invoke(IPC.setupCurrent)).rejects.toThrow('Refused');
    expect(await loadSettings(settingsDir)).toEqual({ serverOrigin: server.url });
  });
});
