// `bun run bench:admin`: the admin console on an operator's large instance (issue 10). Seeds a
// fresh data dir in-process — 50,000 users / 100,000 lists / 1,000,000 items / 1,000,000 visitor
// log rows / 200,000 scrape log rows (BENCH_ADMIN_SCALE=0.1 for a tenth) — starts the server from
// the sources on it and times the admin reads an operator waits for, then what page-view logging
// costs the share page (wrk, VISITOR_LOG on vs off) for three kinds of traffic: one address and
// browser reloading (the cheap case), VISITOR_LOG_CROWD_AFTER (250) new addresses a second (the
// most the log writes one by one) and every view from a new address (a flood: past 250 visitors a
// second the log counts them on a row per domain), new addresses through X-Forwarded-For with
// TRUST_PROXY on; each request with a browser's headers (so the page comes compressed, as
// visitors get it), and the rows the log wrote printed beside the cost. Each figure is printed
// beside its target:
//   GET /stats, /stats/referral-opportunities                      < 100 ms
//   first page of each log                                          < 50 ms
//   a filtered log page                                             < 100 ms
//   share page req/s with page-view logging (each kind of traffic)  within 5% of logging off
//     (median of BENCH_LOG_RUNS, default 8, servers each loaded in turn with the log off and on;
//     their mean and its 95% interval printed beside it; BENCH_LOG_TRAFFIC=at-cap measures only
//     the kinds named: reload, at-cap, flood)
// Users and All Wishlists have no target in the issue; their figures are printed for reference.
// BENCH_CPU_PROF=1 profiles each server it starts (`--cpu-prof`, into /tmp/wishwell-bench-prof).
// Backup and restore timings belong to the backup work and are not measured here.
import { Database } from 'bun:sqlite';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VISITOR_LOG_CROWD_AFTER } from '@wishwell/shared/admin-types';
import { loadConfig } from '@wishwell/server/config';
import { openContext } from '@wishwell/server/server';
import { ISSUE_SIZES, seedAdminBench, type AdminSeedSizes } from './admin-seed';
import { seedBenchLists } from './seed';
import { meanWithInterval, median, percentile } from './stats';
import { cpuMs, mainThreadCpuMs, requireWrk, startAndWait, wrk } from './wrk';

const root = join(import.meta.dir, '..', '..');
const PORT = Number(process.env.BENCH_ADMIN_PORT ?? 3931);
const SCALE = Number(process.env.BENCH_ADMIN_SCALE ?? 1);
const SAMPLES = 15;
/** Share page servers per kind of traffic, each loaded with its log off and on (see loggingCost). */
const LOG_RUNS = Number(process.env.BENCH_LOG_RUNS ?? 8);
/** wrk bursts of each mode on a server, alternating between the two. */
const BURSTS = Number(process.env.BENCH_LOG_BURSTS ?? 4);
const BURST_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** The kinds of traffic whose logging cost is measured (BENCH_LOG_TRAFFIC, comma-separated). */
const TRAFFIC = new Set((process.env.BENCH_LOG_TRAFFIC ?? 'reload,at-cap,flood').split(',').map((kind) => kind.trim()));
/** Longer than the visitor log's batch interval (1 s): the views of the last second are written by then. */
const BATCH_WAIT_MS = 1500;
/** For a share page server to switch its log (it reads the line on its next turn, at once when idle). */
const SWITCH_WAIT_MS = 200;
/** What a browser sends with a page request: the page comes compressed (14 KB instead of 142 KB), as visitors get it. */
const BROWSER_HEADERS_LUA = `wrk.headers["Accept-Encoding"] = "gzip, deflate, br, zstd"
wrk.headers["Accept-Language"] = "en-GB,en;q=0.9"
wrk.headers["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
`;
/**
 * Views from new addresses, `viewsPerAddress` from each: each wrk thread counts up from a random
 * address of its own public /8 (81., 82.; each burst elsewhere), sent as X-Forwarded-For. With 1,
 * the worst case for the visitor log (every view a new visitor: past the first
 * VISITOR_LOG_CROWD_AFTER of a take, on the domain's crowd row).
 */
const newAddressesLua = (viewsPerAddress: number) => `${BROWSER_HEADERS_LUA}local n = 0
local threads = 0
function setup(thread) thread:set("first", 81 + threads); threads = threads + 1 end
function init(args)
  math.randomseed(os.time() * 1000 + first)
  n = math.random(0, 16000000) * ${viewsPerAddress}
end
function request()
  local a = math.floor(n / ${viewsPerAddress})
  n = n + 1
  wrk.headers["X-Forwarded-For"] = first .. "." .. (math.floor(a / 65536) % 256) .. "." .. (math.floor(a / 256) % 256) .. "." .. (a % 256)
  return wrk.format()
end
`;
requireWrk();
const sizes: AdminSeedSizes = {
  ...ISSUE_SIZES,
  users: Math.round(ISSUE_SIZES.users * SCALE),
  visitorLogs: Math.round(ISSUE_SIZES.visitorLogs * SCALE),
  scrapeLogs: Math.round(ISSUE_SIZES.scrapeLogs * SCALE),
};
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-admin-bench-'));
console.log(`seeding (scale ${SCALE}) into ${dataDir} ...`);
const seedStarted = performance.now();
const ctx = await openContext(loadConfig(['--data-dir', dataDir], {}));
const adminId = await seedAdminBench(ctx.store, sizes, (line) => console.log(`  ${line} (${((performance.now() - seedStarted) / 1000).toFixed(0)} s)`));
const [shareListId] = await seedBenchLists(ctx.store, adminId, { lists: 1, itemsPerList: 50 });
const token = await ctx.tokens.sign({ sub: adminId, ver: 0 });
await ctx.store.close();

const base = `http://127.0.0.1:${PORT}`;
const headers = { authorization: `Bearer ${token}` };
let missed = 0;
/** What a visitor log holds, or what was added to it. */
interface LogTotals {
  rows: number;
  views: number;
  crowdViews: number;
}
/** The share page's views logged and served, per run with VISITOR_LOG=on. */
const viewsLogged: { logged: number; served: number }[] = [];

/** Starts the server on the bench's data dir; `entry` is the script run (share-server.ts for the logging cost). */
function startServer(env: Record<string, string>, port = PORT, entry = join(root, 'server', 'src', 'main.ts')) {
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/wishwell-bench-prof'] : [];
  const serve = [entry, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir];
  return startAndWait(['bun', ...profile, ...serve], `http://127.0.0.1:${port}/api/v1/health`, env);
}

async function stopServer(proc: Bun.Subprocess): Promise<void> {
  proc.kill('SIGTERM');
  await proc.exited;
}

/** Times GET `path` (one cold call, then SAMPLES more) and prints the median and p95 beside the target. */
async function timeRead(label: string, path: string, targetMs: number | null): Promise<void> {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(base + path, { headers });
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body)}`);
    return { ms: performance.now() - started, bytes: body.byteLength };
  };
  const cold = await once();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) samples.push((await once()).ms);
  const middle = median(samples);
  const verdict = targetMs === null ? 'no target' : middle < targetMs ? 'PASS' : 'MISS';
  if (verdict === 'MISS') missed += 1;
  const target = targetMs === null ? '' : `< ${targetMs} ms`;
  console.log(
    `${label.padEnd(44)} median ${middle.toFixed(1).padStart(7)} ms  p95 ${percentile(samples, 0.95).toFixed(1).padStart(7)} ms  first ${cold.ms.toFixed(0).padStart(5)} ms  ${(cold.bytes / 1024).toFixed(0).padStart(6)} KB  ${target.padEnd(9)} ${verdict}`,
  );
}

const server = await startServer({});
try {
  console.log(`\n-- admin reads (${SAMPLES} timed calls each after a first one; sequential) --`);
  await timeRead('GET /stats', '/api/v1/stats', 100);
  await timeRead('GET /stats/referral-opportunities', '/api/v1/stats/referral-opportunities', 100);
  await timeRead('GET /users first page (50)', '/api/v1/users?page=1&pageSize=50', null);
  await timeRead('GET /users searched (q=person.4)', '/api/v1/users?q=person.4', null);
  await timeRead('GET /wishlists/all first page (50)', '/api/v1/wishlists/all?page=1&pageSize=50', null);
  await timeRead('GET /wishlists/all searched (q=Person 4)', '/api/v1/wishlists/all?q=Person%204', null);
  await timeRead('GET /logs/visitors first page', '/api/v1/logs/visitors?page=1&pageSize=50', 50);
  await timeRead('GET /logs/scrape first page', '/api/v1/logs/scrape?page=1&pageSize=50', 50);
  await timeRead('GET /logs/email first page', '/api/v1/logs/email?page=1&pageSize=50', 50);
  await timeRead('GET /logs/visitors filtered (q=Manchester)', '/api/v1/logs/visitors?q=Manchester', 100);
  await timeRead('GET /logs/visitors filtered (q=81.0.1.2, an address)', '/api/v1/logs/visitors?q=81.0.1.2', 100);
  await timeRead('GET /logs/visitors filtered (rare browser)', `/api/v1/logs/visitors?q=${encodeURIComponent('rarebrowser/1')}`, 100);
  await timeRead('GET /logs/visitors filtered (rare city)', `/api/v1/logs/visitors?q=${encodeURIComponent('reykjav')}`, 100);
  await timeRead('GET /logs/visitors filtered (no match)', '/api/v1/logs/visitors?q=nowhere-at-all', 100);
  await timeRead('GET /logs/visitors filtered (bench 3, 1 in 40)', `/api/v1/logs/visitors?q=${encodeURIComponent('bench 3)')}`, 100);
  await timeRead('GET /logs/visitors filtered (one week)', `/api/v1/logs/visitors?from=${isoDay(-14)}&to=${isoDay(-8)}`, 100);
  await timeRead('GET /logs/scrape filtered (failed, shop-7)', '/api/v1/logs/scrape?status=failed&q=shop-7.', 100);
  await timeRead('GET /logs/visitors page 1,000', '/api/v1/logs/visitors?page=1000&pageSize=50', null);
} finally {
  await stopServer(server.proc);
}

const luaScript = (name: string, lua: string) => {
  const file = join(dataDir, name);
  writeFileSync(file, lua);
  return file;
};
const browserLua = luaScript('browser.lua', BROWSER_HEADERS_LUA);
const sharePageRate = TRAFFIC.has('reload') ? await loggingCost('one address, one browser (a reload flood)', {}, browserLua) : await sharePageRateLogOff(browserLua);
if (TRAFFIC.has('at-cap')) {
  // As many views from each new address as make VISITOR_LOG_CROWD_AFTER new visitors a second at
  // the share page's rate: the most visitors the log writes one by one.
  const viewsPerVisitorAtCap = Math.max(1, Math.round(sharePageRate / VISITOR_LOG_CROWD_AFTER));
  await loggingCost(
    `~${VISITOR_LOG_CROWD_AFTER} new addresses a second, ${viewsPerVisitorAtCap} views from each (the most the log writes one by one; X-Forwarded-For, TRUST_PROXY=1)`,
    { TRUST_PROXY: '1' },
    luaScript('at-cap.lua', newAddressesLua(viewsPerVisitorAtCap)),
  );
}
if (TRAFFIC.has('flood')) {
  await loggingCost('every view from a new address (X-Forwarded-For counting up, TRUST_PROXY=1)', { TRUST_PROXY: '1' }, luaScript('new-address.lua', newAddressesLua(1)));
}

reportViewsLogged();
rmSync(dataDir, { recursive: true, force: true });
console.log(missed === 0 ? '\nall targets met' : `\n${missed} target(s) missed`);

/** Waits for the first GET of `url` to answer 200 (the page's first server render). */
async function firstAnswer(url: string): Promise<void> {
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
}

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** What the bursts of one mode (visitor log off or on) of a share page server have served and cost. */
interface Phase {
  requests: number;
  cpuMs: number;
  requestThreadMs: number;
}

/** A share page server (share-server.ts) and whether its visitor log is on. */
interface ShareServer {
  proc: Bun.Subprocess<'pipe'>;
  shareUrl: string;
  logging: boolean;
}

/** Starts a share page server (its log on) and loads its share page for a second. */
async function startShareServer(env: Record<string, string>, script?: string): Promise<ShareServer> {
  const { proc } = await startServer({ ...env, VISITOR_LOG: 'on' }, PORT + 1, join(import.meta.dir, 'share-server.ts'));
  const shareUrl = `http://127.0.0.1:${PORT + 1}/share/wishlist/${shareListId}`;
  try {
    // The first view renders the page server-side (loading the renderer): seconds on a loaded
    // machine, longer than a short wrk run waits, which once left wrk with no answers at all.
    await firstAnswer(shareUrl);
    wrk(shareUrl, 10, 1, script); // warm-up
  } catch (error) {
    await stopServer(proc);
    throw error;
  }
  return { proc, shareUrl, logging: true };
}

/** The share page's req/s with its log off, for the at-cap traffic when the reload kind is not measured: one burst. */
async function sharePageRateLogOff(script: string): Promise<number> {
  const server = await startShareServer({}, script);
  try {
    await setLogging(server, false);
    const off: Phase = { requests: 0, cpuMs: 0, requestThreadMs: 0 };
    await burst(server, off, script);
    return off.requests / BURST_SECONDS;
  } finally {
    await stopServer(server.proc);
  }
}

/** Switches the server's visitor log (a line on its standard input, read on its next turn of the event loop). */
async function setLogging(server: ShareServer, on: boolean): Promise<void> {
  if (server.logging === on) return;
  server.proc.stdin.write(on ? 'on\n' : 'off\n');
  server.proc.stdin.flush();
  server.logging = on;
  await Bun.sleep(SWITCH_WAIT_MS);
}

/**
 * One burst of wrk, its CPU counted until the views of its last second are written (BATCH_WAIT_MS
 * after it), so the log's work after the burst is charged to it too. Answers what the log added.
 */
async function burst(server: ShareServer, phase: Phase, script?: string): Promise<LogTotals> {
  const { pid } = server.proc;
  const before = visitorLogTotals();
  const cpuBefore = cpuMs([pid]);
  const requestThreadBefore = mainThreadCpuMs(pid);
  const result = wrk(server.shareUrl, 10, BURST_SECONDS, script);
  if (result.non2xx > 0) throw new Error(`the share page answered ${result.non2xx} requests with an error status`);
  await Bun.sleep(BATCH_WAIT_MS);
  phase.requests += result.requests;
  phase.cpuMs += cpuMs([pid]) - cpuBefore;
  phase.requestThreadMs += mainThreadCpuMs(pid) - requestThreadBefore;
  const after = visitorLogTotals();
  return { rows: after.rows - before.rows, views: after.views - before.views, crowdViews: after.crowdViews - before.crowdViews };
}

function requestsPerSecond(phase: Phase): number {
  return phase.requests / (BURSTS * BURST_SECONDS);
}

function cpuPerViewUs(phase: Phase, ms: number): number {
  return (ms * 1000) / phase.requests;
}

/**
 * What page-view logging costs the share page for one kind of traffic. Identical runs on this
 * 2-core machine (wrk shares it) drift by up to ~30% over minutes, and two server processes differ
 * by up to ~10% by chance. So each of LOG_RUNS runs starts one server and loads it in turn with
 * its visitor log off and on (share-server.ts), BURSTS short wrk bursts each, the order switching
 * each round: the drift falls on both alike, and the process is the same. A run's cost is its on
 * req/s against its off req/s; the median run is printed beside the < 5% target, with each run's
 * CPU time per view (all threads, and the request thread). Answers the share page's req/s with
 * logging off (the median run's).
 */
async function loggingCost(traffic: string, env: Record<string, string>, script?: string): Promise<number> {
  console.log(`\n-- page-view logging, ${traffic}: GET /share/wishlist/{id} (the HTML page), 10 connections; ${LOG_RUNS} servers, each loaded ${BURSTS} times ${BURST_SECONDS} s with its log off and on, in turn --`);
  const costs: number[] = [];
  const offRates: number[] = [];
  const added: LogTotals = { rows: 0, views: 0, crowdViews: 0 };
  for (let run = 0; run < LOG_RUNS; run++) {
    const server = await startShareServer(env, script);
    try {
      await Bun.sleep(BATCH_WAIT_MS);
      const off: Phase = { requests: 0, cpuMs: 0, requestThreadMs: 0 };
      const on: Phase = { requests: 0, cpuMs: 0, requestThreadMs: 0 };
      let loggedViews = 0;
      for (let round = 0; round < BURSTS; round++) {
        for (const logging of round % 2 === 0 ? [false, true] : [true, false]) {
          await setLogging(server, logging);
          const logged = await burst(server, logging ? on : off, script);
          if (!logging && logged.views > 0) throw new Error(`${logged.views} views were logged with the log switched off`);
          added.rows += logged.rows;
          added.views += logged.views;
          added.crowdViews += logged.crowdViews;
          loggedViews += logged.views;
        }
      }
      viewsLogged.push({ logged: loggedViews, served: on.requests });
      offRates.push(requestsPerSecond(off));
      const cost = (1 - requestsPerSecond(on) / requestsPerSecond(off)) * 100;
      costs.push(cost);
      const figures = (phase: Phase) =>
        `${Math.round(requestsPerSecond(phase)).toString().padStart(6)} req/s, CPU ${cpuPerViewUs(phase, phase.cpuMs).toFixed(0)} µs/view (request thread ${cpuPerViewUs(phase, phase.requestThreadMs).toFixed(0)})`;
      console.log(`run ${run + 1}: off ${figures(off)} | on ${figures(on)} | cost ${cost.toFixed(1)}%  (load ${loadAverage()})`);
    } finally {
      await stopServer(server.proc);
    }
  }
  const cost = median(costs);
  if (cost >= 5) missed += 1;
  const { mean, halfWidth } = meanWithInterval(costs);
  const seconds = LOG_RUNS * BURSTS * BURST_SECONDS;
  console.log(`the log: ${Math.round(added.rows / seconds)} rows a second for ${Math.round(added.views / seconds)} views, ${((added.crowdViews / added.views) * 100).toFixed(1)}% of them on domains' crowd rows`);
  console.log(`logging costs the share page ${cost.toFixed(1)}% of its req/s (median of ${costs.length} runs; their mean ${mean.toFixed(1)}%, 95% interval ${(mean - halfWidth).toFixed(1)} to ${(mean + halfWidth).toFixed(1)}%)  target < 5%  ${cost < 5 ? 'PASS' : 'MISS'}`);
  return median(offRates);
}

/** What the bench server's visitor log holds (read from its database file): its rows, the views they count, and those on domains' crowd rows. */
function visitorLogTotals(): LogTotals {
  const db = new Database(join(dataDir, 'wishwell.db'), { readonly: true });
  try {
    const sums = "SELECT count(*) AS rows, coalesce(sum(views), 0) AS views, coalesce(sum(CASE WHEN ip_address = '' THEN views END), 0) AS crowdViews FROM visitor_logs";
    return db.query<LogTotals, []>(sums).get()!;
  } finally {
    db.close();
  }
}

/** The cost of logging means nothing if the log drops views: every view of every run must be in it. */
function reportViewsLogged(): void {
  const logged = viewsLogged.reduce((sum, run) => sum + run.logged, 0);
  const served = viewsLogged.reduce((sum, run) => sum + run.served, 0);
  const share = (logged / served) * 100;
  if (share < 99.9) missed += 1;
  console.log(`\nviews logged with VISITOR_LOG=on: ${logged} of ${served} served (${share.toFixed(1)}%)  target every view  ${share >= 99.9 ? 'PASS' : 'MISS'}`);
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
