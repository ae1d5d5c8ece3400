// The server the browser tests run against: a fresh temp data dir and test-friendly limits.
// Usage: bun scripts/e2e-server.ts PORT
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = process.argv[2] ?? '3299';
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-e2e-'));
process.env.SCRAPE_ALLOW_HOSTS ??= '127.0.0.1,localhost';
// Every browser test signs in from 127.0.0.1: lift the abuse limits (the API tests cover them).
const LIMITS = ['RATE_LIMIT_LOGIN_IP', 'RATE_LIMIT_LOGIN_ACCOUNT', 'RATE_LIMIT_REGISTER_IP', 'RATE_LIMIT_FORGOT_IP', 'RATE_LIMIT_GUEST_LIST_IP', 'RATE_LIMIT_UPLOAD_IP', 'RATE_LIMIT_UPLOAD_USER', 'RATE_LIMIT_INVITE_USER', 'RATE_LIMIT_INVITE_LIST'];
for (const name of LIMITS) process.env[name] ??= '10000';
// Mail goes to an SMTP server the mail tests start on the next port (refused, and logged, otherwise).
process.env.SMTP_URL ??= `smtp://127.0.0.1:${Number(port) + 1}`;
const serveArgs = ['--port', port, '--host', '127.0.0.1', '--data-dir', dataDir];
// A provider-only site (PASSWORD_LOGIN=false) registers nobody by password: its first provider sign-in is the admin.
if (process.env.PASSWORD_LOGIN !== 'false') await seedAdmin();
process.argv = [process.argv[0]!, 'main.ts', 'serve', ...serveArgs];
await import('../server/src/main.ts');

/** The first account of a fresh install is the admin: create it before any test registers. */
async function seedAdmin(): Promise<void> {
  const { E2E_ADMIN } = await import('../web/test/e2e/support/constants.ts');
  const { loadConfig } = await import('../server/src/config.ts');
  const { openContext } = await import('../server/src/server.ts');
  const { createServices } = await import('../server/src/services.ts');
  const ctx = await openContext(loadConfig(serveArgs));
  try {
    await createServices(ctx).users.register({ ...E2E_ADMIN, domain: '127.0.0.1' }, { ip: '127.0.0.1', origin: `http://127.0.0.1:${port}`, language: 'en' });
  } finally {
    await ctx.store.close();
  }
}
