// `bun run bench:events`: what idle admin event stream subscribers cost the server. Starts the
// server from source on a fresh data dir, opens SUBSCRIBERS streams as an admin, and prints the
// server's RSS and CPU while they sit idle (keep-alives only), then how long one failed scrape
// takes to reach all of them — each figure beside its target.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get, type ClientRequest } from 'node:http';
import { rssMb, startAndWait } from './wrk';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 500);
const IDLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3911);
const TARGETS = { kbPerSubscriber: 50, idleCpuPercent: 1, fanOutMs: 1000 };

const root = join(import.meta.dir, '..', '..');
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-bench-events-'));
const { proc } = await startAndWait(
  ['bun', join(root, 'server', 'src', 'main.ts'), 'serve', '--port', String(PORT), '--host', '127.0.0.1', '--data-dir', dataDir],
  `${base}/api/v1/health`,
  { ADMIN_EVENTS_KEEPALIVE_SECONDS: '15', RATE_LIMIT_SCRAPE_USER: '1000' },
);

/** One admin event stream; `onFailure` runs when a scrape.failed event arrives on it. */
function openStream(headers: Record<string, string>, onFailure: () => void): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = get(`${base}/api/v1/admin/events`, { headers, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream refused: ${response.statusCode}`));
      response.setEncoding('utf8');
      response.on('data', (text: string) => text.includes('event: scrape.failed') && onFailure());
      response.on('error', () => {});
      resolve(request);
    });
    request.on('error', reject);
  });
}

/** User + system CPU seconds the process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

try {
  const register = await fetch(`${base}/api/v1/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Admin', email: 'bench@example.com', password: 'correct horse battery', domain: 'localhost' }),
  });
  const { token } = (await register.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  await Bun.sleep(500);
  const rssBefore = rssMb(proc.pid);

  const arrivals: number[] = [];
  let sentAt = 0;
  // node:http rather than fetch: Bun's fetch holds at most 256 connections per process.
  const streams = await Promise.all(Array.from({ length: SUBSCRIBERS }, () => openStream(auth, () => arrivals.push(performance.now() - sentAt))));
  await Bun.sleep(1000);
  const rssOpen = rssMb(proc.pid);
  const cpuStart = cpuSeconds(proc.pid);
  await Bun.sleep(IDLE_SECONDS * 1000);
  const idleCpuPercent = ((cpuSeconds(proc.pid) - cpuStart) / IDLE_SECONDS) * 100;
  const rssIdle = rssMb(proc.pid);

  sentAt = performance.now();
  await fetch(`${base}/api/v1/scrape`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ url: 'http://10.9.9.9/bench' }) });
  while (arrivals.length < SUBSCRIBERS && performance.now() - sentAt < 10_000) await Bun.sleep(5);
  const fanOutMs = Math.max(...arrivals);

  const kbPerSubscriber = ((rssIdle - rssBefore) * 1024) / SUBSCRIBERS;
  console.log(`\n== Admin event stream: ${SUBSCRIBERS} idle subscribers ==`);
  console.log(`server RSS before / open / after ${IDLE_SECONDS}s idle: ${rssBefore.toFixed(1)} / ${rssOpen.toFixed(1)} / ${rssIdle.toFixed(1)} MB`);
  console.log(`memory per subscriber:  ${kbPerSubscriber.toFixed(1).padStart(6)} KB   (target < ${TARGETS.kbPerSubscriber} KB)`);
  console.log(`server CPU while idle:  ${idleCpuPercent.toFixed(2).padStart(6)} %    (target < ${TARGETS.idleCpuPercent} %)`);
  console.log(`one event to all ${SUBSCRIBERS}: ${fanOutMs.toFixed(0).padStart(6)} ms   (target < ${TARGETS.fanOutMs} ms; ${arrivals.length} received)`);
  for (const stream of streams) stream.destroy();
} finally {
  proc.kill('SIGTERM');
  await proc.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
