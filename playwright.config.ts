import { defineConfig } from '@playwright/test';
import { freeConsecutivePorts } from './scripts/free-ports';

// Browser tests drive Debian's Chromium against a real server started by scripts/e2e-server.ts
// (fresh temp data dir), on E2E_PORT or else a free port (and the next one, for the run's mail catcher). The
// runner loads this file first: the workers it starts inherit the port through the environment.
process.env.E2E_PORT ??= String(await freeConsecutivePorts(2));
const port = Number(process.env.E2E_PORT);

/**
 * Two workers share the one server, taking tests one by one from any spec (fullyParallel: a spec
 * file's tests do not lean on each other, and a long file does not keep one worker busy at the
 * end): every test keeps to its own accounts, lists, hostnames and shop domains, reads its own
 * mails from the run's one mail catcher (support/mail.ts), and the admin pages' language walk,
 * which reads whole admin tables, has a server of its own. Only the
 * `alone` lane waits for all others and runs one spec at a time: a restore puts back the database
 * of a minute before (every account and session made since is gone: a spec beside it once lost
 * its signed-in owner), and closing sign-ups refuses everyone's registration.
 */
const ALONE = ['admin-backup', 'admin-settings'];
const specs = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'web/test/e2e',
  fullyParallel: true,
  workers: 2,
  globalSetup: './web/test/e2e/support/mail-catcher.ts',
  projects: [
    { name: 'shared', testIgnore: specs(ALONE) },
    { name: 'alone', testMatch: specs(ALONE), workers: 1, dependencies: ['shared'] },
  ],
  // One set of reference screenshots whichever lane takes the spec.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  // Two workers on two cores, which other test runs share: a test gets less than a core, and a
  // password hash (at the lowest priority: server/src/auth/hash-threads.ts) waits the longest.
  timeout: 60_000,
  expect: { timeout: 20_000 },
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
