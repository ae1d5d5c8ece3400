// `npm install` only fetches Bun (the root's sole dependency; .npmrc turns npm's workspaces off);
// Bun then installs the workspaces. Bun runs this hook again after its own install: the
// environment flag set below stops the loop there.
import { spawnSync } from 'node:child_process';

if (!process.env.WISHWELL_BUN_INSTALL) {
  const result = spawnSync('bun', ['install'], {
    stdio: 'inherit',
    env: { ...process.env, WISHWELL_BUN_INSTALL: '1' },
  });
  process.exit(result.status ?? 1);
}
