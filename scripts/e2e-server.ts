// The server the browser tests run against: a fresh temp data dir and test-friendly limits.
// Usage: bun scripts/e2e-server.ts PORT
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = process.argv[2] ?? '3299';
const dataDir = mkdtempSync(join(tmpdir(), 'wishwell-e2e-'));
process.env.SCRAPE_ALLOW_HOSTS ??= '127.0.0.1,localhost';
// Every browser test signs in from 127.0.0.1: lift the abuse limits (the API tests cover them).
for (const name of ['RATE_LIMIT_LOGIN_IP', 'RATE_LIMIT_LOGIN_ACCOUNT', 'RATE_LIMIT_REGISTER_IP', 'RATE_LIMIT_FORGOT_IP']) process.env[name] ??= '10000';
process.argv = [process.argv[0]!, 'main.ts', 'serve', '--port', port, '--host', '127.0.0.1', '--data-dir', dataDir];
await import('../server/src/main.ts');
