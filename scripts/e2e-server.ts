// The server the browser tests run against: a fresh temp data dir and test-friendly limits.
// Usage: bun scripts/e2e-server.ts PORT [RUNNER_PID]: with the test runner's pid, the server (and
// its data dir) goes away when the runner does, also a killed one. However it is ended (SIGTERM,
// SIGINT, the runner gone), it stops as `wishwell serve` does on SIGTERM: requests finish, the
// scraping browser closes (and removes its profile), then the database. The app runs in this process,
// started from a config built here: the password hash cost is the tests' (TEST_HASH_COST), which
// no setting or flag of the product reaches.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VISITOR_LOG_CROWD_AFTER } from '@wishwell/shared/admin-types';
import type { PageViewLog } from '@wishwell/server/features/visitors/page-views';
import { isAlive } from '@wishwell/server/server-pid';
import { loadConfig, type Config } from '@wishwell/server/config';
import { serveUntilStopped } from '@wishwell/server/cli/commands';
import { TEST_HASH_COST } from '@wishwell/server/test-support/hash-cost';

const port = process.argv[2] ?? '3299';
const runner = Number(process.argv[3] ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
if (runner > 0) {
  // Not process.exit: that would leave puppeteer only a SIGKILL for the browser, and the database unclosed.
  const watchdog = setInterval(() => {
    if (isAlive(runner)) return;
    clearInterval(watchdog);
    process.kill(process.pid, 'SIGTERM');
  }, 500);
  watchdog.unref();
}
process.env.SCRAPE_ALLOW_HOSTS ??= '127.0.0.1,localhost';
// The price watch's spec checks one local shop several times in a row.
process.env.PRICE_WATCH_HOST_GAP_SECONDS ??= '0.2';
// Every browser test comes from 127.0.0.1: lift the abuse limits (the API tests cover them), the
// per-IP ones above all, which the whole run shares: the faster it runs, the more of it falls in one
// window (a guest's mailed reservation link was refused after 60 openings in 10 minutes).
const LIMITS = ['RATE_LIMIT_LOGIN_IP', 'RATE_LIMIT_LOGIN_ACCOUNT', 'RATE_LIMIT_REGISTER_IP', 'RATE_LIMIT_FORGOT_IP', 'RATE_LIMIT_SCRAPE_IP', 'RATE_LIMIT_GUEST_LIST_IP', 'RATE_LIMIT_UPLOAD_IP', 'RATE_LIMIT_UPLOAD_USER', 'RATE_LIMIT_INVITE_USER', 'RATE_LIMIT_INVITE_LIST', 'RATE_LIMIT_CLAIM_IP', 'RATE_LIMIT_CLAIM_MAIL_IP', 'RATE_LIMIT_FOLLOW_IP'];
for (const name of LIMITS) process.env[name] ??= '10000';
// Mail goes to an SMTP server the mail tests start on the next port (refused, and logged, otherwise).
process.env.SMTP_URL ??= `smtp://127.0.0.1:${Number(port) + 1}`;
// A sign-up's hash at production's cost takes ~50 ms of a core, seconds at the lowest priority
// while the browsers and the runner load the machine: every browser test signs someone up or in.
const config: Config = { ...loadConfig(['--port', port, '--host', '127.0.0.1', '--data-dir', dataDir]), passwordHashCost: TEST_HASH_COST };
await seed();
await serveUntilStopped(config);

async function seed(): Promise<void> {
  const { E2E_ADMIN, E2E_CROWD_DOMAIN } = await import('@wishwell/web/e2e-support/constants');
  const { openContext } = await import('@wishwell/server/server');
  const { createServices } = await import('@wishwell/server/services');
  const ctx = await openContext(config);
  try {
    const services = createServices(ctx);
    // The first account of a fresh install is the admin: create it before any test registers. (A
    // provider-only site, PASSWORD_LOGIN=false, registers nobody by password: its first provider
    // sign-in is the admin.)
    if (process.env.PASSWORD_LOGIN !== 'false') {
      await services.users.register({ ...E2E_ADMIN, domain: '127.0.0.1' }, { ip: '127.0.0.1', origin: `http://127.0.0.1:${port}`, language: 'en', acceptedLanguages: [] });
    }
    await seedVisitorCrowd(services.pageViews, E2E_CROWD_DOMAIN);
  } finally {
    await ctx.store.close();
  }
}

/**
 * A flood on `domain` in the visitor log, for the Visitor Logs page test: views of new visitors in
 * one take, the 24 past VISITOR_LOG_CROWD_AFTER on the domain's crowd row.
 */
async function seedVisitorCrowd(pageViews: PageViewLog, domain: string): Promise<void> {
  const page = new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
  const request = new Request(`http://${domain}/`, { headers: { 'user-agent': 'Mozilla/5.0 (e2e flood)' } });
  for (let n = 0; n < VISITOR_LOG_CROWD_AFTER + 24; n++) pageViews.record(request, '/', { origin: `http://${domain}`, ip: `203.0.${113 + (n >> 8)}.${n & 255}` }, page);
  await pageViews.close();
}
