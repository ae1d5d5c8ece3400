import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../server/test/support/wait';
import type { AdminStreamEvent } from '@wishwell/shared/admin-events';
import { AdminEventStream } from '../src/event-stream';
import { createServerFetch } from '../src/server-client';
import { startStandinEventServer } from './support/standin-event-server';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup) await step();
  cleanup = [];
});

let n = 0;
function failure(domain = 'example.com'): AdminStreamEvent {
  n += 1;
  return { id: `id-${n}`, type: 'scrape.failed', data: { url: `https://${domain}/p/${n}`, domain, at: new Date().toISOString(), requestedBy: null, reason: 'timed out' } };
}

async function connectedClient(maxDelayMs = 200) {
  const server = await startStandinEventServer();
  const received: AdminStreamEvent[] = [];
  const statuses: string[] = [];
  const stream = new AdminEventStream({
    serverFetch: createServerFetch(() => server.origin, async () => ({})),
    onEvent: (event) => received.push(event),
    onStatus: (status) => statuses.push(status.connected ? 'up' : 'down'),
    initialDelayMs: 20,
    maxDelayMs,
  });
  stream.start();
  cleanup.push(async () => {
    stream.stop();
    await server.stop().catch(() => {});
  });
  await waitUntil(() => stream.isConnected, 'the first connection');
  return { server, stream, received, statuses };
}

describe('the admin event stream client', () => {
  it('delivers events as they are published', async () => {
    const { server, received } = await connectedClient();
    const events = [failure(), failure('shop.example.org')];
    for (const event of events) server.publish(event);
    await waitUntil(() => received.length === 2, 'two events');
    expect(received).toEqual(events);
  });

  it('reconnects after the connection drops, asks for what it missed, and delivers nothing twice', async () => {
    const { server, stream, received } = await connectedClient();
    const first = failure();
    server.publish(first);
    await waitUntil(() => received.length === 1, 'the first event');
    server.dropConnections();
    const missed = failure();
    server.publish(missed);
    await waitUntil(() => received.length === 2, 'the missed event');
    await waitUntil(() => stream.isConnected, 'the reconnection');
    expect(server.lastEventIds.at(-1)).toBe(first.id);
    const later = failure();
    server.publish(later, 2);
    await waitUntil(() => received.length >= 3, 'the later event');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((e) => e.id)).toEqual([first.id, missed.id, later.id]);
  });

  it('keeps trying while the server is down and resumes when it is back on the same address', async () => {
    const { server, stream, received, statuses } = await connectedClient();
    server.publish(failure());
    await waitUntil(() => received.length === 1, 'the first event');
    await server.stop();
    await waitUntil(() => statuses.filter((s) => s === 'down').length >= 3, 'several failed attempts');
    expect(stream.isConnected).toBe(false);
    await server.restart();
    await waitUntil(() => stream.isConnected, 'the reconnection after the restart');
    const after = failure();
    server.publish(after);
    await waitUntil(() => received.length === 2, 'the event after the restart');
    expect(received[1]).toEqual(after);
  });

  it('backs off while refused (signed out), and connects at once when told the session changed', async () => {
    const { server, stream } = await connectedClient(30_000);
    server.refuse(401);
    server.dropConnections();
    // 20 ms, 40, 80, 160, 320 ... (each between half and all of that): 5 attempts take about a second.
    await waitUntil(() => server.lastEventIds.length >= 6, 'a few refused attempts');
    const attempts = server.lastEventIds.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(server.lastEventIds.length - attempts).toBeLessThanOrEqual(1);
    server.refuse(null);
    stream.reconnectNow();
    await waitUntil(() => stream.isConnected, 'the connection after signing in', 1000);
  });
});
