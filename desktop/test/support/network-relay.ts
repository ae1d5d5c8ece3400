// The network between the desktop app and the real server, for what only a network does: a TCP
// relay that can drop every connection, refuse new ones for a while, or break a response off
// after some bytes. It records each request's head (method, path, headers) as it passed.
import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface RelayedRequest {
  line: string;
  headers: Record<string, string>;
}

export async function startNetworkRelay(targetPort: number) {
  const pairs = new Set<[Socket, Socket]>();
  const requests: RelayedRequest[] = [];
  let blocked = false;
  let cutAfterBytes: number | null = null;

  const server: Server = createServer((client) => {
    if (blocked) return client.destroy();
    const upstream = new Socket();
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const close = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    let head = ''; // the connection's first request head (enough: each test call here opens its own)
    client.on('data', (chunk: Buffer) => {
      if (!head.includes('\r\n\r\n')) {
        head += chunk.toString('latin1');
        if (head.includes('\r\n\r\n')) requests.push(parseHead(head));
      }
      upstream.write(chunk);
    });
    let relayed = 0;
    const cutAt = cutAfterBytes;
    upstream.on('data', (chunk: Buffer) => {
      if (cutAt !== null && relayed + chunk.length > cutAt) {
        client.write(chunk.subarray(0, cutAt - relayed));
        return close();
      }
      relayed += chunk.length;
      client.write(chunk);
    });
    client.on('close', close).on('error', close);
    upstream.on('close', close).on('error', close);
    upstream.connect(targetPort, '127.0.0.1');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /** Drops every open connection, as a network loss does. */
    dropConnections() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    /** While blocked, new connections are closed at once (the server is unreachable). */
    block(value: boolean) {
      blocked = value;
    },
    /** Connections opened from now on carry at most this many bytes of response (null: all). */
    cutResponsesAfter(bytes: number | null) {
      cutAfterBytes = bytes;
    },
    close() {
      this.dropConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function parseHead(head: string): RelayedRequest {
  const [line = '', ...rest] = head.slice(0, head.indexOf('\r\n\r\n')).split('\r\n');
  const headers: Record<string, string> = {};
  for (const header of rest) {
    const colon = header.indexOf(':');
    if (colon > 0) headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
  }
  return { line, headers };
}
