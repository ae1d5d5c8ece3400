// A stand-in for the server's backup and restore endpoints, for what the real server cannot be
// made to do on demand (cut a download halfway) and until those endpoints exist.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedUpload {
  fileName: string;
  bytes: Buffer;
  contentLength: string | undefined;
}

export interface StandinOptions {
  backup: Buffer;
  /** Sends this much of the backup, then destroys the connection. */
  cutAfterBytes?: number;
  /** Answers every call with this status and `{ message }`. */
  fail?: { status: number; message: string };
}

export async function startStandinBackupServer(options: StandinOptions) {
  const calls: string[] = [];
  const uploads: ReceivedUpload[] = [];
  const server: Server = createServer(async (req, res) => {
    calls.push(`${req.method} ${req.url}`);
    if (options.fail) return res.writeHead(options.fail.status, { 'content-type': 'application/json' }).end(JSON.stringify({ message: options.fail.message }));
    if (req.url === '/api/v1/admin/backup') {
      res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(options.backup.length) });
      const sent = options.backup.subarray(0, options.cutAfterBytes ?? options.backup.length);
      for (let i = 0; i < sent.length; i += 64 * 1024) res.write(sent.subarray(i, i + 64 * 1024));
      if (options.cutAfterBytes !== undefined) return setTimeout(() => res.destroy(), 50);
      return res.end();
    }
    if (req.url === '/api/v1/admin/restore') {
      const form = await new Request('http://x', { method: 'POST', headers: req.headers as Record<string, string>, body: new Uint8Array(await readAll(req)) }).formData();
      const file = form.get('backupFile') as File;
      uploads.push({ fileName: file.name, bytes: Buffer.from(await file.arrayBuffer()), contentLength: req.headers['content-length'] });
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Database restored.' }));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    uploads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
