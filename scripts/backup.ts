// `bun scripts/backup.ts --url URL [--out FILE]`: downloads a backup from a running server
// (POST /api/v1/admin/backup) as an admin, with a progress bar. For cron jobs and remote servers;
// on the server's machine `wishwell backup --out FILE` does the same without credentials.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { adminApi, fail, messageOf, progressBar, scriptArgs } from './admin/api';

const USAGE = 'bun scripts/backup.ts --url URL [--out FILE] [--email EMAIL]';
const { values } = scriptArgs(USAGE, { out: { type: 'string' } });
const api = await adminApi(values, USAGE);

const started = Date.now();
const waiting = setInterval(() => process.stderr.write(`the server is writing the backup… ${Math.round((Date.now() - started) / 1000)} s\n`), 5000);
const res = await fetch(`${api.baseUrl}/api/v1/admin/backup`, { method: 'POST', headers: { authorization: api.authorization } });
clearInterval(waiting);
if (res.status !== 200 || !res.body) fail(`Backup failed (${res.status}): ${await messageOf(res)}`);

const serverName = res.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ?? 'wishlist-backup.gz';
const outFile = resolve(values.out ?? serverName);
const total = Number(res.headers.get('content-length') ?? 0);
const bar = progressBar('downloading', total);
const out = createWriteStream(outFile);
let received = 0;
const reader = res.body.getReader();
for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
  received += chunk.value.length;
  if (!out.write(chunk.value)) await once(out, 'drain');
  bar.update(received);
}
out.end();
await once(out, 'close');
bar.finish();
if (total && received !== total) fail(`The download broke off at ${received} of ${total} bytes: ${outFile} is incomplete.`);
console.log(`Backup written to ${outFile} (${received} bytes).`);
