// How the browser tests' server is started and ended, for playwright.config.ts and the test of its
// end (scripts/test/e2e-server-end.test.ts). Apart from constants.ts, which reads E2E_PORT when
// loaded: the config loads this before it has chosen the run's port.
/**
 * How long an e2e server may take to stop on SIGTERM (requests, the scraping browser, the database)
 * before the runner kills it: the suite's (playwright.config.ts) and the shared ones (own-server.ts).
 */
export const E2E_SHUTDOWN_MS = 15_000;
/** The suite's server, as Playwright starts it (under `sh -c`, in a process group of its own). */
export const e2eServerCommand = (port: number, runner: number) => `bun scripts/e2e-server.ts ${port} ${runner}`;
/**
 * How Playwright ends it: SIGTERM to its process group, SIGKILL after E2E_SHUTDOWN_MS. Not
 * Playwright's default, SIGKILL at once: the scraping Chromium runs in a process group of its own
 * (puppeteer's), so a killed server leaves it to notice its closed pipe and shut down alone,
 * writing into its profile in the run's temp dir as the run removes that dir.
 */
export const E2E_SERVER_SHUTDOWN = { signal: 'SIGTERM', timeout: E2E_SHUTDOWN_MS } as const;
