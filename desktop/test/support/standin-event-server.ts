// A stand-in for GET /api/v1/admin/events that can be made to misbehave on demand: drop every
// connection, refuse callers, go away and come back on the same port, replay an event twice.
import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminStreamEvent } from '@wishwell/shared/admin-events';

export async function startStandinEventServer() {
  const events: AdminStreamEvent[] = [];
  const open = new Set<ServerResponse>();
  const lastEventIds: (string | null)[] = [];
  let refuseWith: number | null = null;
  let port = 0;
  let server: Server;

  const frame = (event: AdminStreamEvent) => `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((req, res) => {
        const lastId = (req.headers['last-event-id'] as string | undefined) ?? null;
        lastEventIds.push(lastId);
        if (refuseWith) return res.writeHead(refuseWith, { 'content-type': 'application/json' }).end('{"message":"Sign in first."}');
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        res.write(': connected\n\n');
        const from = lastId ? events.findIndex((e) => e.id === lastId) + 1 : events.length;
        for (const event of events.slice(from)) res.write(frame(event));
        open.add(res);
        res.on('close', () => open.delete(res));
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();

  return {
    get origin() {
      return `http://127.0.0.1:${port}`;
    },
    lastEventIds,
    publish(event: AdminStreamEvent, times = 1) {
      events.push(event);
      for (const res of open) for (let i = 0; i < times; i++) res.write(frame(event));
    },
    dropConnections() {
      for (const res of open) res.destroy();
    },
    refuse(status: number | null) {
      refuseWith = status;
    },
    async stop() {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    restart: listen,
  };
}
