import { defineConfig } from '@playwright/test';
import { freeConsecutivePorts } from './scripts/free-ports';

// Browser tests drive Debian's Chromium against a real server started by scripts/e2e-server.ts
// (fresh temp data dir), on E2E_PORT or else a free port (and the next one, for the run's mail catcher). The
// runner loads this file first: the workers it starts inherit the port through the environment.
process.env.E2E_PORT ??= String(await freeConsecutivePorts(2));
const port = Number(process.env.E2E_PORT);

/**
 * Lanes of specs on the one server. `instance`: specs that change what the whole instance shows
 * (admin settings, languages, domains, referral rules) or need the one mail catcher on the next
 * port; `isolated`: specs that only touch their own accounts and lists. The admin pages' language
 * walk runs first, before the others fill the admin tables with lists named in English; a restore
 * replaces every account and closing sign-ups refuses everyone's registration: those run last.
 * One worker for now: run side by side, a spec of one lane once lost its signed-in owner to the
 * other (not yet understood), so the lanes only order the run.
 */
const ISOLATED = ['api-tokens', 'capture', 'color-scheme', 'extension', 'image-copy', 'screens', 'surprise'];
const FIRST = ['admin-languages'];
const ALONE = ['admin-backup-restore', 'admin-settings'];
const specs = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'web/test/e2e',
  fullyParallel: false,
  workers: 1,
  globalSetup: './web/test/e2e/support/mail-catcher.ts',
  projects: [
    { name: 'first', testMatch: specs(FIRST), workers: 1 },
    { name: 'isolated', testMatch: specs(ISOLATED), workers: 1, dependencies: ['first'] },
    { name: 'instance', testIgnore: specs([...FIRST, ...ISOLATED, ...ALONE]), workers: 1, dependencies: ['first'] },
    { name: 'alone', testMatch: specs(ALONE), workers: 1, dependencies: ['isolated', 'instance'] },
  ],
  // One set of reference screenshots whichever lane takes the spec.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A UK visitor by default (dates such as "31 January 2020"); tests that check other locales set their own.
    locale: 'en-GB',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
        // Lets a test open the server under its own hostname (per-domain branding).
        '--host-resolver-rules=MAP *.wishwell.test 127.0.0.1',
      ],
    },
  },
  webServer: {
    // The runner's pid: the server ends with the run, also when the runner is killed.
    command: `bun scripts/e2e-server.ts ${port} ${process.pid}`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    stdout: 'pipe',
    timeout: 60_000,
  },
});
