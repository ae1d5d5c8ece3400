// Facts the e2e server (scripts/e2e-server.ts, run by Bun) and the browser tests share; no imports,
// so the server can read it without loading Playwright.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3299);
/** scripts/e2e-server.ts sends mail here; a mail test starts an SMTP server on it. */
export const E2E_SMTP_PORT = E2E_PORT + 1;
/** Created by the e2e server as the first account of its fresh install, so it is the admin. */
export const E2E_ADMIN = { name: 'E2E Admin', email: 'admin@e2e.test', password: 'admin password 1' };
/** The e2e server seeds a flood of this domain's visitors into the visitor log (past the first 250 of a second, its crowd row). */
export const E2E_CROWD_DOMAIN = 'crowd.wishwell.test';
