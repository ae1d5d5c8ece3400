import { defineConfig } from '@playwright/test';
import { freeConsecutivePorts } from './scripts/free-ports';
import { e2eServerCommand, E2E_SERVER_SHUTDOWN } from './web/test/e2e/support/server-command';

// Browser tests drive Debian's headless Chromium against a real server started by scripts/e2e-server.ts
// (fresh temp data dir), on E2E_PORT or else a free port (and the next one, for the run's mail catcher). The
// runner loads this file first: the workers it starts inherit the port through the environment.
process.env.E2E_PORT ??= String(await freeConsecutivePorts(2));
const port = Number(process.env.E2E_PORT);

/**
 * Workers share the one server, taking tests one by one from any spec (fullyParallel: a spec
 * file's tests do not lean on each other, and a long file does not keep one worker busy at the
 * end): every test keeps to its own accounts, lists, hostnames and shop domains, and reads its own
 * mails from the run's one mail catcher (support/mail.ts). A spec that changes what the whole
 * instance does (a restore, closed sign-ups) or must see no other spec's data (the admin pages'
 * language walk) starts a server of its own (support/own-server.ts) and runs beside the others.
 */
export default defineConfig({
  testDir: 'web/test/e2e',
  fullyParallel: true,
  // Three workers on two cores: the fastest of two, three and four (docs/developing/testing.md).
  workers: 3,
  globalSetup: './web/test/e2e/support/global-setup.ts',
  // The reference screenshots' names carry no project or platform (screens.spec.ts-snapshots).
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{-snapshotSuffix}{ext}',
  // A test gets less than a core (three workers on two cores, other runs beside): generous bounds.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  // CI keeps only the end of the output: the dot reporter prints each failure in full after the
  // server's log, where it is read; a test that fails once and passes on its retry is listed there
  // as flaky, so it is seen and mended rather than costing the whole run.
  reporter: process.env.CI ? 'dot' : 'list',
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A step that never ends (a page load waiting on a stalled request) fails on its own, naming
    // the step, instead of holding its test until the test's limit (3 minutes for the language walks).
    navigationTimeout: 45_000,
    actionTimeout: 30_000,
    // A UK visitor by default (dates such as "31 January 2020"); tests that check other locales set their own.
    locale: 'en-GB',
    // The site's service worker precaches every asset (2 MB) in each new context: only its own
    // spec lets it register (service-worker.spec.ts).
    serviceWorkers: 'block',
    // Dialogs, menus and toasts show and go at once (web/src/styles/reduced-motion.css): a step
    // does not wait out a transition, and a closed dialog is gone for the next click.
    reducedMotion: 'reduce',
    launchOptions: {
      // The headless build (no desktop UI, no compositor of its own): a page costs about 40 % less
      // CPU than in the full browser, and the suite is CPU-bound (the extension's spec alone needs
      // the full one).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
        // Lets a test open the server under its own hostname (per-domain branding).
        '--host-resolver-rules=MAP *.wishwell.test 127.0.0.1',
      ],
    },
  },
  webServer: {
    // The runner's pid: the server ends with the run, also when the runner is killed.
    command: e2eServerCommand(port, process.pid),
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    // SIGTERM at the end, not Playwright's SIGKILL, which its scraping browser escaped (server-command.ts).
    gracefulShutdown: E2E_SERVER_SHUTDOWN,
    stdout: 'pipe',
    timeout: 60_000,
  },
});
