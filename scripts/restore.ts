// `bun scripts/restore.ts FILE --url URL`: restores a backup into a running server
// (POST /api/v1/admin/restore) as an admin, with a progress bar for the upload, then waits until
// the server answers again on the restored data. Every session, this one included, ends with it.
import { createReadStream, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { adminApi, bodyStream, fail, messageOf, progressBar, scriptArgs } from './admin/api';

const USAGE = 'bun scripts/restore.ts FILE --url URL [--email EMAIL]';
const { values, positionals } = scriptArgs(USAGE, {});
const file = positionals[0] ? resolve(positionals[0]) : fail(`Which backup file?\n\nUsage: ${USAGE}`, 2);
const size = (() => {
  try {
    return statSync(file).size;
  } catch {
    return fail(`No such file: ${file}`);
  }
})();
const api = await adminApi(values, USAGE);

const boundary = `wishwell-${crypto.randomUUID()}`;
const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="backupFile"; filename="${basename(file).replace(/"/g, '')}"\r\nContent-Type: application/gzip\r\n\r\n`);
const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
const bar = progressBar('uploading', size);

/** The multipart body, streamed from the file (never held in memory), counting what has gone. */
async function* multipartBody(): AsyncGenerator<Uint8Array> {
  yield head;
  let sent = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    sent += chunk.length;
    bar.update(sent);
    yield chunk;
  }
  yield tail;
}

const res = await fetch(`${api.baseUrl}/api/v1/admin/restore`, {
  method: 'POST',
  headers: { authorization: api.authorization, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(head.length + size + tail.length) },
  body: bodyStream(multipartBody()),
});
bar.finish();
if (res.status !== 200) fail(`Not restored (${res.status}): ${await messageOf(res)}`);
console.log((await res.json() as { message: string }).message);

if (api.personalToken) {
  // A personal API token may be in the restored data too: nothing tells the swap's end apart.
  // The server holds requests while it swaps, so /health answers once it is done.
  await Bun.sleep(1000);
  await expectHealthy();
  console.log(`Restore of ${file} sent; the admin console's events (restore.finished) tell how it went.`);
} else {
  // The server swaps the data in and rebuilds; sessions issued before (this one) stop working.
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const profile = await fetch(`${api.baseUrl}/api/v1/users/profile`, { headers: { authorization: api.authorization } }).catch(() => null);
    if (profile?.status === 401) break;
    if (Date.now() > deadline) fail('The server has not finished the restore after 10 minutes: see its log.');
    await Bun.sleep(250);
  }
  await expectHealthy();
  console.log(`Restored ${file}: the server answers on the restored data (sessions issued before are signed out).`);
}

async function expectHealthy(): Promise<void> {
  const health = await fetch(`${api.baseUrl}/health`);
  if (health.status !== 200) fail(`The server answers /health with ${health.status} after the restore: see its log.`);
}
