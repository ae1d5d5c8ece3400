import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminStreamEvent } from '@wishwell/shared/admin-events';
import { ApiClient } from '@wishwell/server/test-support/api-client';
import { startTestServer, type TestServer } from '@wishwell/server/test-support/test-server';
import { waitUntil } from '@wishwell/server/test-support/wait';
import { AdminEventStream } from '../src/event-stream';
import { createServerFetch, sessionHeaders, type CookieJar } from '../src/server-client';
import { startNetworkRelay } from './support/network-relay';

// The admin event stream client against the real server's GET /api/v1/admin/events, with real
// failed scrapes as events. A TCP relay between them stands for the network: it drops the
// connection or makes the server unreachable, and shows each request's Last-Event-ID.

const ENV = { ADMIN_EVENTS_KEEPALIVE_SECONDS: '1', RATE_LIMIT_SCRAPE_USER: '1000', RATE_LIMIT_SCRAPE_IP: '1000' };
let dataDir: string;
let server: TestServer;
let port: number;
let admin: ApiClient;
let member: ApiClient;
let cleanup: (() => Promise<void> | void)[] = [];

async function signedUp(name: string): Promise<ApiClient> {
  const client = new ApiClient(server.url);
  expect((await client.post('/users/register', { name, email: `${name.toLowerCase()}@example.com`, password: 'correct horse battery', domain: 'localhost' })).status).toBe(201);
  return client;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'wishwell-desktop-events-'));
  server = await startTestServer(ENV, dataDir);
  port = Number(new URL(server.url).port);
  admin = await signedUp('Ada'); // the first account is the admin
  member = await signedUp('Bob');
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const step of cleanup) await step();
  cleanup = [];
});

let scrapes = 0;
/** A scrape the server refuses (a private address): logged and announced as scrape.failed. */
async function failScrape(host = '10.0.0.1'): Promise<string> {
  scrapes += 1;
  const url = `http://${host}/gift/${scrapes}`;
  expect((await member.post('/scrape', { url })).status).toBeGreaterThanOrEqual(400);
  return url;
}

const urlOf = (event: AdminStreamEvent) => (event.type === 'scrape.failed' ? event.data.url : null);

/** The admin window's stream through the relay; `signedIn` false sends no session (as after signing out). */
async function connectedClient(maxDelayMs = 200) {
  const relay = await startNetworkRelay(port);
  const session = { signedIn: true };
  const jar: CookieJar = { get: async () => (session.signedIn ? [...admin.cookies].map(([name, value]) => ({ name, value })) : []) };
  const received: AdminStreamEvent[] = [];
  const statuses: string[] = [];
  /** The Last-Event-ID of each connection attempt, as sent. */
  const attempts: (string | null)[] = [];
  /** When each attempt was made, and each wait the stream announced after losing or being refused a connection. */
  const attemptedAt: number[] = [];
  const waits: { at: number; retryInMs: number }[] = [];
  const recording = (input: string | URL | Request, init?: RequestInit) => {
    attempts.push(new Headers(init?.headers).get('last-event-id'));
    attemptedAt.push(performance.now());
    return fetch(input, init);
  };
  const stream = new AdminEventStream({
    serverFetch: createServerFetch(() => relay.origin, () => sessionHeaders(jar, relay.origin), recording as typeof fetch),
    onEvent: (event) => received.push(event),
    onStatus: (status) => {
      statuses.push(status.connected ? 'up' : 'down');
      if (!status.connected) waits.push({ at: performance.now(), retryInMs: status.retryInMs });
    },
    initialDelayMs: 20,
    maxDelayMs,
  });
  stream.start();
  cleanup.push(async () => {
    stream.stop();
    await relay.close();
  });
  await waitUntil(() => stream.isConnected, 'the first connection', 10_000);
  return { relay, session, stream, received, statuses, attempts, attemptedAt, waits };
}

describe('the admin event stream client', () => {
  it('delivers failed scrapes as the server announces them', async () => {
    const { received } = await connectedClient();
    const urls = [await failScrape('10.0.0.1'), await failScrape('192.168.7.7')];
    await waitUntil(() => received.length === 2, 'two events');
    expect(received.map(urlOf)).toEqual(urls);
    expect(received.map((event) => event.type)).toEqual(['scrape.failed', 'scrape.failed']);
    expect(received[1]).toMatchObject({ data: { domain: '192.168.7.7' } });
  });

  it('reconnects after the network drops, asks for what it missed, and delivers nothing twice', async () => {
    const { relay, stream, received, attempts } = await connectedClient();
    const first = await failScrape();
    await waitUntil(() => received.length === 1, 'the first event');
    relay.block(true);
    relay.dropConnections();
    await waitUntil(() => !stream.isConnected, 'the stream to notice the loss');
    const missed = await failScrape();
    relay.block(false);
    await waitUntil(() => received.length === 2, 'the missed event', 10_000);
    expect(attempts.at(-1)).toBe(received[0]!.id);
    const later = await failScrape();
    const marker = await failScrape(); // anything delivered twice would come before it
    await waitUntil(() => received.map(urlOf).includes(marker), 'the marker event');
    expect(received.map(urlOf)).toEqual([first, missed, later, marker]);
    expect(new Set(received.map((event) => event.id)).size).toBe(4);
  });

  it('dropped before any event, reconnects from where its stream started and gets what came meanwhile', async () => {
    const { relay, stream, received, attempts } = await connectedClient();
    relay.block(true);
    relay.dropConnections();
    await waitUntil(() => !stream.isConnected, 'the stream to notice the loss');
    const missed = await failScrape();
    relay.block(false);
    await waitUntil(() => received.length === 1, 'the missed event', 10_000);
    expect(received.map(urlOf)).toEqual([missed]);
    expect(attempts.at(-1)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps trying while the server is down and resumes when it is back on the same address', async () => {
    const { stream, received, statuses } = await connectedClient();
    await failScrape();
    await waitUntil(() => received.length === 1, 'the first event');
    await server.stop();
    await waitUntil(() => statuses.filter((s) => s === 'down').length >= 3, 'several failed attempts', 10_000);
    expect(stream.isConnected).toBe(false);
    server = await startTestServer(ENV, dataDir, port);
    await waitUntil(() => stream.isConnected, 'the reconnection after the restart', 15_000);
    const after = await failScrape();
    await waitUntil(() => received.length === 2, 'the event after the restart');
    expect(urlOf(received[1]!)).toBe(after);
  });

  it('backs off while refused (signed out), and connects at once when told the session changed', async () => {
    const { relay, session, stream, attempts, attemptedAt, waits } = await connectedClient(30_000);
    session.signedIn = false;
    relay.dropConnections();
    // The real server answers 401 without a session. 20 ms, 40, 80, 160, 320 ... (each between
    // half and all of that): 5 refused attempts take about a second.
    await waitUntil(() => attempts.length >= 6, 'a few refused attempts', 10_000);
    const backedOff = waits.slice(0, 5);
    backedOff.forEach((wait, k) => {
      expect(wait.retryInMs, `wait ${k}`).toBeGreaterThanOrEqual(10 * 2 ** k);
      expect(wait.retryInMs, `wait ${k}`).toBeLessThanOrEqual(20 * 2 ** k);
      // The first attempt was the connection before the drop: the one after wait k is attempt k + 1.
      expect(attemptedAt[k + 1]! - wait.at, `the attempt after wait ${k}`).toBeGreaterThanOrEqual(wait.retryInMs - 2);
    });
    session.signedIn = true;
    stream.reconnectNow();
    await waitUntil(() => stream.isConnected, 'the connection after signing in', 2000);
  });
});
