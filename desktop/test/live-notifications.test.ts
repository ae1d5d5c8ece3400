import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStreamEvent } from '@wishwell/shared/admin-events';
import { ApiClient } from '@wishwell/server/test-support/api-client';
import { startTestServer, type TestServer } from '@wishwell/server/test-support/test-server';
import { waitUntil } from '@wishwell/server/test-support/wait';
import { ManualClock } from '@wishwell/server/test-support/manual-clock';
import { AdminNotifier } from '../src/admin-notifier';
import { AdminEventStream } from '../src/event-stream';
import { createServerFetch, sessionHeaders, type CookieJar } from '../src/server-client';
import { FakeNotification } from './support/fake-electron';

// The desktop app's notification path end to end against the real server: the admin window's
// session cookies, the real event stream, real failed scrapes, a real server restart.

const ENV = { ADMIN_EVENTS_KEEPALIVE_SECONDS: '1', RATE_LIMIT_SCRAPE_USER: '1000', RATE_LIMIT_SCRAPE_IP: '1000' };
const BURST_MS = 400;
let dataDir: string;
let server: TestServer;
let port: number;
let member: ApiClient;
let stream: AdminEventStream;
const received: AdminStreamEvent[] = [];
const openedLogs: string[] = [];
/** The notifier's clock: a test ends a burst once the stream has brought all its failures. */
const clock = new ManualClock();

async function signedUp(name: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  expect((await client.post('/users/register', { name, email: `${name.toLowerCase()}@example.com`, password: 'correct horse battery', domain: 'localhost' })).status).toBe(201);
  return client;
}

/** Scrapes the server refuses (private addresses): each is a logged, published failure. */
async function failScrapes(host: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) expect((await member.post('/scrape', { url: `http://${host}/gift/${i}` })).status).toBeGreaterThanOrEqual(400);
}

/** Waits until the stream has brought `total` events in all, then lets the bursts' time pass. */
async function afterBursts(total: number): Promise<void> {
  await waitUntil(() => received.length >= total, `${total} events from the stream`);
  await clock.advance(BURST_MS);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wishwell-desktop-live-'));
  server = await startTestServer(ENV, dataDir);
  port = Number(new URL(server.url).port);
  const admin = await signedUp('Ada'); // the first account is the admin
  member = await signedUp('Bob');
  // The admin window's cookie jar, as Electron's session.cookies hands it over.
  const jar: CookieJar = { get: async () => [...admin.cookies].map(([name, value]) => ({ name, value })) };
  const notifier = new AdminNotifier({
    createNotification: ({ title, body }) => new FakeNotification(title, body),
    showScrapeLogs: (domain) => openedLogs.push(domain),
    focusWindow: () => {},
    burstMs: BURST_MS,
    timers: clock,
  });
  stream = new AdminEventStream({
    serverFetch: createServerFetch(() => `http://127.0.0.1:${port}`, () => sessionHeaders(jar, `http://127.0.0.1:${port}`)),
    onEvent: (event) => {
      received.push(event);
      notifier.handle(event);
    },
    initialDelayMs: 100,
    maxDelayMs: 1000,
  });
  stream.start();
  await waitUntil(() => stream.isConnected, 'the stream to connect', 15_000);
});

afterAll(async () => {
  stream?.stop();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('desktop notifications from the real event stream', () => {
  it('show a burst of failed scrapes on one shop as one notification that opens its Scrape Logs', async () => {
    await failScrapes('10.20.30.40', 5);
    await afterBursts(5);
    expect(FakeNotification.shown).toHaveLength(1);
    const [notification] = FakeNotification.shown;
    expect(notification!.title).toBe('5 scrapes failed on 10.20.30.40');
    expect(notification!.body).toMatch(/^Latest: http:\/\/10\.20\.30\.40\/gift\/4\n\S/);
    notification!.click();
    expect(openedLogs).toEqual(['10.20.30.40']);
  });

  it('carry on after the server restarts, without repeating anything', async () => {
    await server.stop();
    await waitUntil(() => !stream.isConnected, 'the stream to notice');
    server = await startTestServer(ENV, dataDir, port);
    await waitUntil(() => stream.isConnected, 'the stream to reconnect to the restarted server', 15_000);
    await failScrapes('10.1.1.1', 2);
    await afterBursts(7);
    expect(FakeNotification.shown.map((n) => n.title)).toEqual(['5 scrapes failed on 10.20.30.40', '2 scrapes failed on 10.1.1.1']);
    expect(received).toHaveLength(7);
    expect(new Set(received.map((event) => event.id)).size).toBe(7);
  });
});
