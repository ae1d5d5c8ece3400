import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api-client';
import { SseConnection } from '../support/sse-client';
import { startTestServer, type TestServer } from '../support/test-server';
import { waitUntil } from '../support/wait';

const password = 'correct horse battery';
let server: TestServer;
let admin: ApiClient;
let adminToken: string;
let member: ApiClient;
let memberToken: string;
const open: SseConnection[] = [];

async function signedUp(name: string): Promise<{ client: ApiClient; token: string }> {
  const client = new ApiClient(server.url);
  const res = await client.post('/users/register', { name, email: `${name.toLowerCase()}@example.com`, password, domain: 'localhost' });
  expect(res.status).toBe(201);
  return { client, token: res.body.token };
}

const eventsUrl = () => `${server.url}/api/v1/admin/events`;
const cookieOf = (client: ApiClient) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function stream(headers: Record<string, string>): Promise<SseConnection> {
  const connection = await SseConnection.open(eventsUrl(), headers);
  open.push(connection);
  return connection;
}

/** The text of a new stream's first frame (up to its blank line); the stream is closed then. */
async function firstFrame(headers: Record<string, string>): Promise<string> {
  const response = await fetch(eventsUrl(), { headers: { accept: 'text/event-stream', ...headers } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('\n\n')) {
    const chunk = await reader.read();
    if (chunk.done) break;
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return text.slice(0, text.indexOf('\n\n'));
}

/** A scrape the server refuses (a private address): logged as failed and published at once. */
async function failScrape(client: ApiClient, url: string): Promise<void> {
  expect((await client.post('/scrape', { url })).status).toBeGreaterThanOrEqual(400);
}

const urlsOf = (connection: SseConnection) => connection.messages.map((m) => JSON.parse(m.data).url);

/**
 * Causes one more event and waits for it on `connection`: whatever the stream was going to send
 * before it (a replay it should not send) has arrived by then, in order, on the same stream.
 */
async function markerReached(connection: SseConnection, url: string): Promise<void> {
  await failScrape(member, url);
  await waitUntil(() => urlsOf(connection).includes(url), `the marker event ${url}`);
}

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EVENTS_KEEPALIVE_SECONDS: '1', RATE_LIMIT_SCRAPE_USER: '1000', RATE_LIMIT_SCRAPE_IP: '1000' });
  ({ client: admin, token: adminToken } = await signedUp('Ada'));
  ({ client: member, token: memberToken } = await signedUp('Bob'));
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await server.stop();
});

describe('GET /api/v1/admin/events', () => {
  it('is for admins only, by cookie and by bearer token', async () => {
    expect((await stream({})).response.status).toBe(401);
    expect((await stream({ cookie: cookieOf(member) })).response.status).toBe(403);
    expect((await stream({ authorization: `Bearer ${memberToken}` })).response.status).toBe(403);
    const byCookie = await stream({ cookie: cookieOf(admin) });
    const byBearer = await stream({ authorization: `Bearer ${adminToken}` });
    for (const connection of [byCookie, byBearer]) {
      expect(connection.response.status).toBe(200);
      expect(connection.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(connection.response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('announces a failed scrape within a second: link, domain, when, who and why', async () => {
    const connection = await stream({ cookie: cookieOf(admin) });
    const before = connection.messages.length;
    const started = Date.now();
    await failScrape(member, 'http://10.20.30.40/gift/1');
    const [event] = (await connection.waitForMessages(before + 1, 1000)).slice(before);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(event!.event).toBe('scrape.failed');
    expect(event!.id).toMatch(/^[0-9a-f]{32}$/);
    const data = JSON.parse(event!.data);
    expect(data).toEqual({
      url: 'http://10.20.30.40/gift/1',
      domain: '10.20.30.40',
      at: expect.any(String),
      requestedBy: { _id: expect.any(String), name: 'Bob' },
      reason: expect.stringMatching(/\S/),
    });
    expect(Math.abs(Date.parse(data.at) - started)).toBeLessThan(5000);
    const logs = await admin.get('/logs/scrape');
    expect(JSON.stringify(logs.body)).toContain(data.reason);
  });

  it('replays what a client missed after the Last-Event-ID it sends, and nothing it already has', async () => {
    const first = await stream({ cookie: cookieOf(admin) });
    await failScrape(member, 'http://10.0.0.1/a');
    const [seen] = (await first.waitForMessages(1)).slice(-1);
    first.close();
    await failScrape(member, 'http://10.0.0.2/b');
    await failScrape(admin, 'http://10.0.0.3/c');
    const resumed = await stream({ cookie: cookieOf(admin), 'last-event-id': seen!.id! });
    const replayed = await resumed.waitForMessages(2);
    await markerReached(resumed, 'http://10.0.0.7/marker');
    expect(urlsOf(resumed)).toEqual(['http://10.0.0.2/b', 'http://10.0.0.3/c', 'http://10.0.0.7/marker']);
    expect(replayed[0]!.id! > seen!.id!).toBe(true);
    expect(replayed[1]!.id! > replayed[0]!.id!).toBe(true);
  });

  it('gives a new stream an id where it starts: dropped before any event, it reconnects with it and gets what came meanwhile', async () => {
    const start = await firstFrame({ cookie: cookieOf(admin) });
    const startId = /^id: ([0-9a-f]{32})$/m.exec(start)?.[1];
    expect(startId, start).toBeDefined();
    expect(start).not.toMatch(/^(event|data):/m); // an id alone: nothing is dispatched
    await failScrape(member, 'http://10.0.0.6/while-away');
    const resumed = await stream({ cookie: cookieOf(admin), 'last-event-id': startId! });
    const [missed] = await resumed.waitForMessages(1);
    expect(JSON.parse(missed!.data).url).toBe('http://10.0.0.6/while-away');
  });

  it('starts afresh from a Last-Event-ID that is not one of its ids', async () => {
    const start = await firstFrame({ cookie: cookieOf(admin), 'last-event-id': 'not an id' });
    expect(start).toMatch(/^id: [0-9a-f]{32}$/m);
  });

  it('starts a new client with new events only', async () => {
    await failScrape(member, 'http://10.0.0.4/d');
    const fresh = await stream({ cookie: cookieOf(admin) });
    await markerReached(fresh, 'http://10.0.0.8/marker');
    expect(urlsOf(fresh)).toEqual(['http://10.0.0.8/marker']);
  });

  it('keeps a quiet stream open with keep-alive comments, longer than a step of the HTTP server timeouts', async () => {
    const quiet = await stream({ cookie: cookieOf(admin) });
    // Sent every second; Bun times connections out in steps of 4 s, so six span more than one step.
    const keepAlives = () => quiet.comments.filter((comment) => comment.trim() === 'keep-alive').length;
    await waitUntil(() => keepAlives() >= 6, 'six keep-alives', 20_000);
    await markerReached(quiet, 'http://10.0.0.9/after-keep-alives');
  });

  it('reaches every open stream with the same event', async () => {
    const many = await Promise.all(Array.from({ length: 50 }, () => stream({ authorization: `Bearer ${adminToken}` })));
    await failScrape(member, 'http://10.0.0.5/e');
    const ids = await Promise.all(many.map(async (c) => (await c.waitForMessages(1, 15_000))[0]!.id));
    expect(new Set(ids).size).toBe(1);
  });
});
