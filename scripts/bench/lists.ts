// The wish list benchmark. Runs as its own process: `bun scripts/bench/lists.ts` (scripts/bench/run.ts
// spawns it after the foundation figures; it also runs alone). It seeds a fresh data dir in-process
// (10,000 lists, ~200,000 items), starts the server from the sources on it (the same Bun runtime
// as dist/wishwell, and never a stale build), and loads it with wrk at 10 and 64 connections:
//   GET /wishlists/share/{id} (50 items)      >= 10,000 req/s, p99 <= 5 ms at 10 connections
//   PUT /wishlists/share/{id}/items/{itemId}  >= 8,000 req/s, zero oversell (checked afterwards)
//   POST /wishlists/{id}/items (owner)        >= 3,000 req/s
// Each figure is printed beside its target and its ratio to a bare Bun.serve hello world.
// Exits 1 on an oversell or unexpected error answers; a missed speed target is printed as MISS.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { loadConfig } from '../../server/src/config';
import { openContext } from '../../server/src/server';
import { startPostgresCluster } from '../postgres-cluster';
import { seedBenchLists, seedBenchOwner } from './seed';
import { requireWrk, startAndWait, wrk, type LoadResult } from './wrk';

const root = join(import.meta.dir, '..', '..');
const PORT = 3911;
const BARE_PORT = 3912;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PURCHASE_ITEMS = 64;
const PURCHASE_QUANTITY = 5_000;
/** The sold-out run: 64 guests race for 64 x 20 units until none are left. */
const SOLD_OUT_QUANTITY = 20;

requireWrk();
/** `bun run bench:pg`: the same runs on PostgreSQL (a throwaway cluster, one replica). */
const cluster = process.env.BENCH_ENGINE === 'postgres' ? startPostgresCluster() : null;
if (cluster) process.env.DATABASE_URL = cluster.url; // the seeding below and the server process
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-lists-bench-'));
const scratch = mkdtempSync(join(tmpdir(), 'wishwell-lists-lua-'));

console.log(`seeding 10,000 lists / 200,000 items on ${cluster ? 'PostgreSQL' : 'SQLite'} ...`);
const seedStarted = performance.now();
const ctx = await openContext(loadConfig(['--data-dir', dataDir], cluster ? { DATABASE_URL: cluster.url } : {}));
const { store } = ctx;
const ownerId = await seedBenchOwner(store);
const [shareListId] = await seedBenchLists(store, ownerId, { lists: 1, itemsPerList: 50 });
const [purchaseListId] = await seedBenchLists(store, ownerId, { lists: 1, itemsPerList: PURCHASE_ITEMS, quantity: PURCHASE_QUANTITY });
const [soldOutListId] = await seedBenchLists(store, ownerId, { lists: 1, itemsPerList: PURCHASE_ITEMS, quantity: SOLD_OUT_QUANTITY });
const [addListId] = await seedBenchLists(store, ownerId, { lists: 1, itemsPerList: 0 });
await seedBenchLists(store, ownerId, { lists: 9_996, itemsPerList: 20 });
const token = await ctx.tokens.sign({ sub: ownerId, ver: 0 });
const [counts] = await store.db
  .select({ lists: sql<number>`(SELECT count(*) FROM wishlists)`.mapWith(Number), items: sql<number>`(SELECT count(*) FROM items)`.mapWith(Number) })
  .from(store.tables.users)
  .limit(1);
await store.close();
console.log(`seeded ${counts?.lists} lists / ${counts?.items} items in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

/** A wrk Lua script: `requestLua` makes one request; answers are counted by status and printed. */
function luaScript(name: string, requestLua: string): string {
  const file = join(scratch, `${name}.lua`);
  writeFileSync(
    file,
    `${requestLua}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init() ok = 0; refused = 0; other = 0 end
function response(status) if status == 200 then ok = ok + 1 elseif status == 409 then refused = refused + 1 else other = other + 1 end end
function done()
  local o, r, x = 0, 0, 0
  for _, t in ipairs(threads) do o = o + t:get("ok"); r = r + t:get("refused"); x = x + t:get("other") end
  io.write(string.format("STATUS ok=%d refused=%d other=%d\\n", o, r, x))
end
`,
  );
  return file;
}

function statusCounts(result: LoadResult): { ok: number; refused: number; other: number } {
  const match = result.output.match(/STATUS ok=(\d+) refused=(\d+) other=(\d+)/);
  if (!match) throw new Error(`no status counts in wrk output:\n${result.output}`);
  return { ok: Number(match[1]), refused: Number(match[2]), other: Number(match[3]) };
}

let failed = false;
const fmt = (r: LoadResult) => `${Math.round(r.requestsPerSecond).toString().padStart(7)} req/s  p99 ${r.p99Ms.toFixed(2).padStart(6)} ms`;

function report(label: string, result: LoadResult, bareResult: LoadResult, minRps: number, maxP99Ms?: number): void {
  const counts = statusCounts(result);
  const met = result.requestsPerSecond >= minRps && (maxP99Ms === undefined || result.p99Ms <= maxP99Ms);
  const target = `target >= ${minRps.toLocaleString('en')} req/s${maxP99Ms !== undefined ? `, p99 <= ${maxP99Ms} ms` : ''}`;
  const ratio = (result.requestsPerSecond / bareResult.requestsPerSecond).toFixed(2);
  const statuses = `200: ${counts.ok}${counts.refused ? `, 409: ${counts.refused}` : ''}${counts.other ? `, OTHER: ${counts.other}` : ''}`;
  console.log(`${label.padEnd(27)} ${fmt(result)}  ${target.padEnd(38)} ${met ? 'PASS' : 'MISS'}  ours/bare ${ratio}  (${statuses})`);
  if (counts.other > 0) failed = true;
}

const base = `http://127.0.0.1:${PORT}`;
const authHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

async function ownerView(listId: string): Promise<Wishlist> {
  return (await (await fetch(`${base}/api/v1/wishlists/${listId}`, { headers: authHeaders })).json()) as Wishlist;
}

/** Guests buying one unit each, round-robin over the list's items. */
async function purchaseLua(listId: string): Promise<string> {
  const ids = (await ownerView(listId)).items.map((item) => `"${item._id}"`).join(', ');
  return luaScript(
    `purchase-${listId}`,
    `local ids = { ${ids} }
local n = 0
function request()
  n = n + 1
  return wrk.format("PUT", "/api/v1/wishlists/share/${listId}/items/" .. ids[(n % #ids) + 1],
    { ["Content-Type"] = "application/json" }, '{"quantityPurchased":1,"purchasedBy":"Bench Guest"}')
end`,
  );
}
const { proc: app } = await startAndWait(
  ['bun', join(root, 'server', 'src', 'main.ts'), 'serve', '--port', String(PORT), '--host', '127.0.0.1', '--data-dir', dataDir],
  `${base}/api/v1/health`,
);
const { proc: bare } = await startAndWait(['bun', join(import.meta.dir, 'bare-hello.ts'), String(BARE_PORT)], `http://127.0.0.1:${BARE_PORT}/`);

try {
  const shareScript = luaScript('share', `function request() return wrk.format("GET", "/api/v1/wishlists/share/${shareListId}") end`);
  const purchaseScript = await purchaseLua(purchaseListId!);
  const addScript = luaScript(
    'add-item',
    `function request()
  return wrk.format("POST", "/api/v1/wishlists/${addListId}/items",
    { ["Content-Type"] = "application/json", ["Authorization"] = "Bearer ${token}" },
    '{"title":"Bench gift","price":"10.00","url":"https://shop.example.com/p/1","quantity":2}')
end`,
  );

  let purchasesAccepted = 0;
  for (const connections of [10, 64]) {
    const bareResult = wrk(`http://127.0.0.1:${BARE_PORT}/`, connections, SECONDS);
    console.log(`\n-- ${connections} connections (${SECONDS}s each) --`);
    console.log(`${'bare Bun.serve hello world'.padEnd(27)} ${fmt(bareResult)}`);
    report('GET share view (50 items)', wrk(base, connections, SECONDS, shareScript), bareResult, 10_000, connections === 10 ? 5 : undefined);
    const purchases = wrk(base, connections, SECONDS, purchaseScript);
    purchasesAccepted += statusCounts(purchases).ok;
    report('PUT purchase (guest)', purchases, bareResult, 8_000);
    report('POST item (owner)', wrk(base, connections, SECONDS, addScript), bareResult, 3_000);
  }

  // wrk stops counting with requests still in flight (at most one per connection), so the server
  // may have recorded a few more 200s than wrk saw, never fewer, and never past an item's quantity.
  const inFlightAllowance = 10 + 64;
  const sold = (await ownerView(purchaseListId!)).items.reduce((sum, item) => sum + item.quantityPurchased, 0);
  const consistent = sold >= purchasesAccepted && sold <= purchasesAccepted + inFlightAllowance;
  console.log(`\npurchases: wrk saw ${purchasesAccepted} answered 200, ${sold} units recorded: ${consistent ? 'consistent' : 'MISMATCH'}`);

  const soldOut = wrk(base, 64, 2, await purchaseLua(soldOutListId!));
  const soldOutCounts = statusCounts(soldOut);
  const soldOutItems = (await ownerView(soldOutListId!)).items;
  const wanted = soldOutItems.reduce((sum, item) => sum + item.quantity, 0);
  const recorded = soldOutItems.reduce((sum, item) => sum + item.quantityPurchased, 0);
  const oversold = soldOutItems.filter((item) => item.quantityPurchased > item.quantity).length;
  const zeroOversell = recorded === wanted && soldOutCounts.ok <= wanted && oversold === 0 && soldOutCounts.other === 0;
  console.log(
    `sold-out race (64 connections, 2s): ${wanted} units wanted, ${soldOutCounts.ok} answered 200, ${soldOutCounts.refused} answered 409, ` +
      `${recorded} recorded, ${oversold} items over quantity: ${zeroOversell ? 'zero oversell' : 'OVERSELL'}`,
  );
  if (!consistent || !zeroOversell) failed = true;
} finally {
  app.kill('SIGTERM');
  bare.kill();
  await app.exited;
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
  cluster?.stop();
}
process.exit(failed ? 1 : 0);
