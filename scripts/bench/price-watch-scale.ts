// `bun run bench:scale`: the price watch at scale (issue 37). Seeds 100,000 watched items on
// 2,000 lists (BENCH_SCALE_LISTS x 50), their links on 2,000 local shops (price-shops.ts: one
// loopback address each), into SQLite, then prints beside the targets:
// (a) the scheduler's cost of finding due work: the due query's CPU with nothing due and with a
//     full batch due, and its plan (items_next_check_idx, never a scan of all items; both engines'
//     plans are held by server/test/api/due-by-index.test.ts), and how the checks spread: where the
//     checked items' next checks fall;
// (b) the server's CPU per check (a first burst alone: BENCH_SCALE_BURST items due at once, one
//     per shop, run through POST /admin/jobs/price-watch/run until none is due) and the share
//     view's latency, one request after another over 50 lists, idle and during a second such burst:
//     burst p99 <= 1.5 x idle p99, and no request waits on a check (requests as slow as a shop's
//     answer no more often than idle), with how politely the shops were asked (one request at a
//     time each) and each item checked once.
// BENCH_CPU_PROF=1 profiles the server (--cpu-prof, into /tmp/wishwell-bench-prof).
import { Database } from 'bun:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@wishwell/server/config';
import { databaseFile } from '@wishwell/server/db/open-store';
import { dueChecks } from '@wishwell/server/features/price-watch/queries';
import { newId } from '@wishwell/server/ids';
import { openContext } from '@wishwell/server/server';
import { ANSWER_MS, shopAddress } from './price-shops';
import { seedBenchLists, seedBenchOwner } from './seed';
import { percentile } from './stats';
import { cpuMs, mainThreadCpuMs, startAndWait } from './wrk';

const root = join(import.meta.dir, '..', '..');
const PORT = Number(process.env.BENCH_SCALE_PORT ?? 3941);
const SHOP_PORT = Number(process.env.BENCH_SCALE_SHOP_PORT ?? PORT + 1);
const LISTS = Number(process.env.BENCH_SCALE_LISTS ?? 2000);
const ITEMS_PER_LIST = 50;
const SHOPS = 2000;
const BURST = Math.min(LISTS, SHOPS - 40, Number(process.env.BENCH_SCALE_BURST ?? 1000));
const IDLE_SECONDS = Number(process.env.BENCH_SCALE_IDLE_SECONDS ?? 15);
const INTERVAL_HOURS = 24;
const HOUR = 60 * 60_000;
/** The due query's batch (the price watch's BATCH). */
const BATCH = 500;
const P99_RATIO_TARGET = 1.5;
/** The bursts' items wait here until a burst makes them due: the first, with no share views beside it, for the CPU a check costs; the second beside share views. */
const PARKED = [new Date('2100-01-01T00:00:00Z'), new Date('2101-01-01T00:00:00Z')] as const;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-scale-bench-'));
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const line = (label: string, figure: string, target = '') => console.log(`${label.padEnd(46)} ${figure.padEnd(44)} ${target}`);

/** Item `i` of list `l` links to shop (l + 40 i) mod 2,000: 50 items a shop, and the lists' first items each on a shop of their own. */
const shopOf = (l: number, i: number) => (l + i * 40) % SHOPS;

console.log(`seeding ${(LISTS * ITEMS_PER_LIST).toLocaleString('en')} watched items on ${SHOPS.toLocaleString('en')} shops ...`);
const ctx = await openContext(loadConfig(['--data-dir', dataDir], {}));
const ownerId = await seedBenchOwner(ctx.store);
const seededAt = Date.now();
const listIds = await seedBenchLists(ctx.store, ownerId, {
  lists: LISTS,
  itemsPerList: ITEMS_PER_LIST,
  itemFields: (l, i) => ({
    url: `http://${shopAddress(shopOf(l, i))}:${SHOP_PORT}/p/${l}-${i}`,
    shopDomain: shopAddress(shopOf(l, i)),
    priceSource: 'shop',
    nextCheckAt: i < PARKED.length && l < BURST ? PARKED[i]! : new Date(seededAt + HOUR + Math.random() * (INTERVAL_HOURS - 1) * HOUR),
  }),
});
const adminId = newId();
await ctx.store.db.insert(ctx.store.tables.users).values({ id: adminId, name: 'Bench Admin', email: `admin.${adminId}@example.com`, passwordHash: '!', isAdmin: true, createdAt: new Date(), updatedAt: new Date() });
const adminToken = await ctx.tokens.sign({ sub: adminId, ver: 0 });

/** The bench's own connection to the database (beside the server's): it makes the burst due and reads what the checks wrote. */
function openDatabase(): Database {
  const db = new Database(databaseFile(dataDir));
  db.run('PRAGMA busy_timeout = 10000');
  return db;
}
let sqlite = openDatabase();
const makeBurstDue = (burst: 0 | 1) => sqlite.run('UPDATE items SET next_check_at = ? WHERE next_check_at = ?', [Date.now() - 1000, PARKED[burst].getTime()]);
const dueNow = () => (sqlite.query('SELECT count(*) AS n FROM items WHERE next_check_at <= ?').get(Date.now()) as { n: number }).n;

/** Median CPU (ms, this process) of one due query, over `runs`; answers it with the rows one found. */
async function timeDueQuery(runs: number): Promise<{ cpuMs: number; rows: number }> {
  const cpu: number[] = [];
  let rows = 0;
  for (let run = 0; run < runs; run++) {
    const before = process.cpuUsage();
    rows = (await dueChecks(ctx.store, new Date(), BATCH)).length;
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  return { cpuMs: percentile(cpu, 0.5), rows };
}

const idleFind = await timeDueQuery(200);
const { sql, params } = dueChecks(ctx.store, new Date(), BATCH).toSQL();
const plan = (sqlite.query(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as never[])) as { detail: string }[]).map((row) => row.detail);
makeBurstDue(0);
const batchFind = await timeDueQuery(50);
sqlite.run('UPDATE items SET next_check_at = ? WHERE next_check_at <= ?', [PARKED[0].getTime(), Date.now()]);
await ctx.store.close();
sqlite.close();
sqlite = openDatabase();

const shops = Bun.spawn(['bun', join(import.meta.dir, 'price-shops.ts'), String(SHOPS), String(SHOP_PORT)], { stdout: 'ignore', stderr: 'inherit' });
const allowHosts = Array.from({ length: SHOPS }, (_, n) => shopAddress(n)).join(',');
const { proc: app } = await startAndWait(
  ['bun', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/wishwell-bench-prof'] : []), join(root, 'server', 'src', 'main.ts'), 'serve', '--port', String(PORT), '--host', '127.0.0.1', '--data-dir', dataDir],
  `${base}/api/v1/health`,
  { PRICE_WATCH_HOURS: String(INTERVAL_HOURS), SCRAPE_ALLOW_HOSTS: allowHosts },
);

/** Share views one after another, round the first 50 lists, until `until` settles: each one's latency (ms). */
async function shareViewLatencies(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  for (let n = 0; !done; n++) {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/wishlists/share/${listIds[n % 50]}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`share view answered ${res.status}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Makes burst `burst` due and runs the price watch until nothing is; answers how long that took (ms). */
async function runBurst(burst: 0 | 1): Promise<number> {
  const started = performance.now();
  makeBurstDue(burst);
  while (dueNow() > 0) {
    const res = await fetch(`${base}/api/v1/admin/jobs/price-watch/run`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` } });
    if (res.status !== 200) throw new Error(`the job answered ${res.status}: ${await res.text()}`);
  }
  return performance.now() - started;
}

const summary = (latencies: number[]) => ({ p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), worst: Math.max(...latencies), count: latencies.length });
const describe = (s: ReturnType<typeof summary>) => `p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, worst ${s.worst.toFixed(0)} ms (${s.count})`;

try {
  const [cpuBefore, mainBefore] = [cpuMs([app.pid]), mainThreadCpuMs(app.pid)];
  const quietMs = await runBurst(0);
  const [serverCpu, mainCpu] = [cpuMs([app.pid]) - cpuBefore, mainThreadCpuMs(app.pid) - mainBefore];
  await shareViewLatencies(Bun.sleep(2000)); // warm the share views
  const idleLatencies = await shareViewLatencies(Bun.sleep(IDLE_SECONDS * 1000));
  const idle = summary(idleLatencies);
  const burst = runBurst(1);
  const during = await shareViewLatencies(burst);
  const burstMs = await burst;
  const busy = summary(during);
  const shopStats = (await (await fetch(`http://${shopAddress(0)}:${SHOP_PORT}/stats`)).json()) as { requests: number; mostAtOnce: number };
  const checked = sqlite.query('SELECT next_check_at AS at FROM items WHERE price_checked_at IS NOT NULL').all() as { at: number }[];
  const nextHours = checked.map((row) => (row.at - Date.now()) / HOUR);
  const spread = { from: Math.min(...nextHours), to: Math.max(...nextHours) };
  const slow = (latencies: number[]) => latencies.filter((ms) => ms >= ANSWER_MS).length;

  console.log('\n== Price watch at scale ==');
  line('items watched / shops', `${(LISTS * ITEMS_PER_LIST).toLocaleString('en')} / ${SHOPS.toLocaleString('en')}`);
  line('due query plan', plan.join('; '), `by items_next_check_idx: ${verdict(plan.some((step) => step.includes('items_next_check_idx')) && !plan.some((step) => /SCAN items\b(?! USING)/.test(step)))}`);
  line('find due work, nothing due (a quiet tick)', `${idleFind.cpuMs.toFixed(2)} ms CPU (${idleFind.rows} rows)`, 'no scan of all items');
  line(`find due work, a full batch due`, `${batchFind.cpuMs.toFixed(2)} ms CPU (${batchFind.rows} rows)`);
  line(`a burst of ${BURST.toLocaleString('en')} checks due at once, alone`, `${(quietMs / 1000).toFixed(1)} s`);
  line('  server CPU per check (request thread)', `${(serverCpu / BURST).toFixed(2)} ms (${(mainCpu / BURST).toFixed(2)} ms)`);
  line(`another ${BURST.toLocaleString('en')} beside the share views`, `${(burstMs / 1000).toFixed(1)} s`);
  line('both bursts', `${shopStats.requests} shop requests`, `each item checked once: ${verdict(checked.length === 2 * BURST && shopStats.requests === 2 * BURST)}`);
  line('  most requests at once at one shop', String(shopStats.mostAtOnce), `target 1: ${verdict(shopStats.mostAtOnce === 1)}`);
  line('  checked items next due in', `${spread.from.toFixed(1)} h to ${spread.to.toFixed(1)} h`, `spread over ${INTERVAL_HOURS} h ± 10 %: ${verdict(spread.from >= INTERVAL_HOURS * 0.9 - 0.1 && spread.to <= INTERVAL_HOURS * 1.1)}`);
  line('share view, idle', describe(idle));
  line('share view, during the burst', describe(busy));
  line('  burst p99 / idle p99', (busy.p99 / idle.p99).toFixed(2), `target <= ${P99_RATIO_TARGET}: ${verdict(busy.p99 <= idle.p99 * P99_RATIO_TARGET)}`);
  // A request that waited on a check would take at least a shop's answer: such requests must come no more often than idle ones do (stalls of a busy machine).
  const share = (latencies: number[]) => slow(latencies) / latencies.length;
  line(`  requests >= a shop's answer (${ANSWER_MS} ms)`, `${slow(during)} (${(100 * share(during)).toFixed(3)} %; idle ${slow(idleLatencies)}, ${(100 * share(idleLatencies)).toFixed(3)} %)`, `no request waits on a check (<= 1.5 x idle's share): ${verdict(share(during) <= P99_RATIO_TARGET * share(idleLatencies))}`);
} finally {
  app.kill('SIGTERM');
  shops.kill();
  await Promise.all([app.exited, shops.exited]);
  sqlite.close();
  rmSync(dataDir, { recursive: true, force: true });
}
