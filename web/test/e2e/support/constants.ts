// Facts the e2e server (scripts/e2e-server.ts, run by Bun) and the browser tests share; no imports,
// so the server can read it without loading Playwright.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3299);
/** scripts/e2e-server.ts sends mail here; a mail test starts an SMTP server on it. */
export const E2E_SMTP_PORT = E2E_PORT + 1;
/** Created by the e2e server as the first account of its fresh install, so it is the admin. */
export const E2E_ADMIN = { name: 'E2E Admin', email: 'admin@e2e.test', password: 'admin password 1' };
/** The e2e server seeds a flood of this domain's visitors into the visitor log (past the first 250 of a second, its crowd row). */
export const E2E_CROWD_DOMAIN = 'crowd.wishwell.test';
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
