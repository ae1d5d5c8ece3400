// `bun run bench`: builds dist/wishwell, starts it on a fresh data dir and prints cold start and
// idle RSS (each beside its target), binary size, and req/s + p99 under wrk for the public domain config and the
// landing page at 10 and 64 connections, each beside a bare Bun.serve hello world.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireWrk, rssMb, startAndWait, wrk, type LoadResult } from './wrk';

const root = join(import.meta.dir, '..', '..');
const PORT = Number(process.env.BENCH_RUN_PORT ?? 3901);
const BARE_PORT = Number(process.env.BENCH_RUN_BARE_PORT ?? 3902);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Issue 14: the binary answers its first request within 100 ms of exec and idles under 70 MiB. */
const START_TARGET_MS = 100;
const RSS_TARGET_MIB = 70;

requireWrk();
const build = Bun.spawnSync(['bun', 'run', 'build'], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
if (build.exitCode !== 0) process.exit(1);

const binary = join(root, 'dist', 'wishwell');
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-bench-'));
const base = `http://127.0.0.1:${PORT}`;
const { proc: app, startMs } = await startAndWait(
  [binary, '--port', String(PORT), '--host', '127.0.0.1', '--data-dir', dataDir],
  `${base}/api/v1/health`,
);
await Bun.sleep(1000);
const idleRss = rssMb(app.pid);
const { proc: bare } = await startAndWait(['bun', join(import.meta.dir, 'bare-hello.ts'), String(BARE_PORT)], `http://127.0.0.1:${BARE_PORT}/`);

const fmt = (r: LoadResult) => `${Math.round(r.requestsPerSecond).toString().padStart(7)} req/s  p99 ${r.p99Ms.toFixed(2).padStart(6)} ms`;
console.log('\n== Wishwell foundation benchmark ==');
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISS');
console.log(`cold start to first 200: ${startMs.toFixed(0).padStart(5)} ms    target <= ${START_TARGET_MS} ms   ${verdict(startMs <= START_TARGET_MS)}`);
console.log(`idle RSS:                ${idleRss.toFixed(1).padStart(5)} MiB   target < ${RSS_TARGET_MIB} MiB   ${verdict(idleRss < RSS_TARGET_MIB)}`);
console.log(`binary size:             ${(statSync(binary).size / 1024 / 1024).toFixed(1)} MB`);
try {
  for (const connections of [10, 64]) {
    const bareResult = wrk(`http://127.0.0.1:${BARE_PORT}/`, connections, SECONDS);
    console.log(`\n-- ${connections} connections (${SECONDS}s each) --`);
    console.log(`bare Bun.serve hello world           ${fmt(bareResult)}`);
    for (const [label, path] of [
      ['GET /api/v1/domain-configs/public/localhost', '/api/v1/domain-configs/public/localhost'],
      ['GET / (landing page shell)', '/'],
    ] as const) {
      const result = wrk(base + path, connections, SECONDS);
      const ratio = result.requestsPerSecond / bareResult.requestsPerSecond;
      console.log(`${label.padEnd(36)} ${fmt(result)}  ours/bare ${ratio.toFixed(2)}${result.non2xx ? `  NON-2XX ${result.non2xx}` : ''}`);
    }
  }
  const lists = join(import.meta.dir, 'lists.ts');
  if (await Bun.file(lists).exists()) {
    console.log('\n== Wish lists benchmark ==');
    const run = Bun.spawnSync(['bun', lists], { cwd: root, stdout: 'inherit', stderr: 'inherit' });
    if (run.exitCode !== 0) throw new Error('lists benchmark failed');
  }
} finally {
  app.kill('SIGTERM');
  bare.kill();
  await app.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
