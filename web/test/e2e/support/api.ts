import type { BrowserContext, Page } from '@playwright/test';

/**
 * Opens the lightest page of the site's origin: an API answer, not the app, whose cold load costs
 * a second or more on a loaded machine. For a test that needs the origin's storage in the page
 * (localStorage) before it opens the page it is about; `apiCall` needs no page at all.
 */
export async function openForApi(page: Page): Promise<void> {
  await page.goto('/api/v1/health');
}

/** Each context's site (its baseURL's origin), once asked. */
const sites = new WeakMap<BrowserContext, string>();

/** The origin the page shows, or else its context's site (a page that opened nothing yet). */
async function siteOf(page: Page): Promise<string> {
  if (/^https?:/.test(page.url())) return new URL(page.url()).origin;
  const context = page.context();
  let site = sites.get(context);
  if (!site) {
    site = new URL((await context.request.get('/api/v1/health')).url()).origin;
    sites.set(context, site);
  }
  return site;
}

/** The XSRF cookie the site set in the context, asking for it first when it has none yet. */
async function xsrfToken(context: BrowserContext, site: string): Promise<string> {
  const cookie = async () => (await context.cookies(site)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  let value = await cookie();
  if (value === undefined) {
    await context.request.get(`${site}/api/v1/health`);
    value = await cookie();
  }
  if (value === undefined) throw new Error(`${site} set no XSRF cookie`);
  return decodeURIComponent(value);
}

/**
 * A call to /api/v1 of the page's site (the origin it shows, else its context's) with the
 * context's cookies and the XSRF echo, as the site's own script makes it; cookies it sets land in
 * the context (set-up only). It goes from the test runner, not the page: no page need be loaded
 * for it, and each page a test loads only for set-up costs a new renderer's cold load.
 */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const site = await siteOf(page);
  const context = page.context();
  const headers: Record<string, string> = { 'x-xsrf-token': await xsrfToken(context, site) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await context.request.fetch(`${site}/api/v1${path}`, { method, headers, data: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<T>;
}
