import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { itemCard, signedInPage } from './support/people';

// The service worker (issue 14): it controls the public pages, keeps a shared list seen once for
// offline use, never keeps API answers, and offers a new build with a toast.

test.describe.configure({ timeout: 60_000 });
test.use({ serviceWorkers: 'allow' }); // blocked for the other specs (playwright.config.ts)

async function sharedList(page: Page): Promise<string> {
  const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'Camping trip', theme: 'Other' });
  for (const title of ['Tent', 'Head torch']) await apiCall(page, 'POST', `/wishlists/${list._id}/items`, { title, price: '20', currency: 'GBP' });
  return list._id;
}

/**
 * Waits until the worker controls the page and has kept this page's own answer. (Polled from here:
 * waitForFunction takes the promise an async predicate returns as a truthy answer at once.)
 */
async function keptForOffline(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => page.evaluate(async () => (await caches.match(location.href)) !== undefined)).toBe(true);
}

test('a shared list opened once opens offline, read-only, with the notice; API answers are never cached', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Hugo');
  const listId = await sharedList(owner.page);
  const context = await browser.newContext();
  // A guest who chose dark: the page arrives with its own <body> class, which the offline one joins.
  await context.addCookies([{ name: 'ww_scheme', value: 'dark', domain: '127.0.0.1', path: '/' }]);
  const guest = await context.newPage();
  await guest.goto(`/share/wishlist/${listId}`);
  await expect(itemCard(guest, 'Tent')).toBeVisible();
  await keptForOffline(guest);

  await context.setOffline(true);
  await guest.reload();
  const notice = guest.getByRole('status').filter({ hasText: 'Offline — showing the list as last seen' });
  await expect(notice).toBeVisible();
  await expect(itemCard(guest, 'Tent')).toBeVisible();
  // The notice is on screen as the page opens and as it scrolls; signing up or in is not offered offline.
  await expect(notice).toBeInViewport({ ratio: 1 });
  await guest.mouse.wheel(0, 300);
  await expect(notice).toBeInViewport({ ratio: 1 });
  await expect(guest.getByRole('link', { name: 'Register' })).toHaveCount(0);
  await expect(guest.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(itemCard(guest, 'Head torch')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Mark as Purchased' })).toHaveCount(0);
  await expect(guest.locator('body')).toHaveClass(/\bbp6-dark\b/);

  const cachedUrls = await guest.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });
  expect(cachedUrls.some((url) => url.includes('/api/'))).toBe(false);
  expect(cachedUrls.some((url) => url.endsWith(`/share/wishlist/${listId}`))).toBe(true);

  // A list never opened on this device: our own page says so, not the browser's error.
  const other = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Never seen', theme: 'Other' });
  await guest.goto(`/share/wishlist/${other._id}`);
  await expect(guest.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(guest.getByText('This wishlist has not been opened on this device before')).toBeVisible();
  await expect(guest.getByRole('link', { name: 'Register' })).toHaveCount(0);

  // Back online, the list comes from the server again (no notice).
  await context.setOffline(false);
  await guest.goto(`/share/wishlist/${listId}`);
  await expect(itemCard(guest, 'Tent')).toBeVisible();
  await expect(guest.getByText('Offline — showing the list as last seen')).toHaveCount(0);
  await expect(guest.getByRole('link', { name: 'Register' })).toBeVisible();
  await context.close();
  await owner.context.close();
});

test('offline, a shared list speaks the language it was last seen in (here the browser\'s, Japanese)', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Aiko');
  const listId = await sharedList(owner.page);
  const context = await browser.newContext({ locale: 'ja-JP' });
  const guest = await context.newPage();
  await guest.goto(`/share/wishlist/${listId}`);
  await expect(itemCard(guest, 'Tent')).toBeVisible();
  await keptForOffline(guest);

  await context.setOffline(true);
  await guest.reload();
  await expect(guest.getByRole('status').filter({ hasText: 'オフライン — 最後に表示したときのリストです' })).toBeInViewport({ ratio: 1 });
  await expect(guest.getByText('Offline — showing the list as last seen')).toHaveCount(0);
  await context.close();
  await owner.context.close();
});

test('the landing page is controlled too, and a new build is offered with a toast that reloads onto it', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  expect(firstWorker).toMatch(/\/sw\.js$/);

  // Once controlled, the landing page still comes rendered by the server (not the precached shell
  // with its spinner), so a repeat visit paints the headline as soon as the page arrives.
  const repeat = await page.goto('/');
  expect(await repeat!.text()).toContain('All your wishes in one place</h1>');

  // The next build's worker, as the browser meets it after a deploy: a new script for the same
  // scope installs beside the one in control and waits (here the same bytes under another URL,
  // since this server cannot be redeployed mid-test).
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?next-build');
  });
  const toast = page.getByText('new version available — reload');
  await expect(toast).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js?next-build'));
  await context.close();
});

/** The HTML the worker keeps for `url`, or null. */
function keptHtml(page: Page, url: string): Promise<string | null> {
  return page.evaluate(async (href) => (await (await caches.match(href))?.text()) ?? null, url);
}

/** Rewrites the kept copy of `url`: a marker in its HTML, and as an older visit would have left it (its date, scripts of another build). */
async function rewriteKeptCopy(page: Page, url: string, change: { date?: string; entryScript?: string }): Promise<void> {
  await page.evaluate(
    async ({ href, date, entryScript }) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const kept = await cache.match(href);
        if (!kept) continue;
        const headers = new Headers(kept.headers);
        if (date) headers.set('date', date);
        let html = (await kept.text()).replace('</body>', '<!-- kept copy --></body>');
        if (entryScript) html = html.replace(/\/assets\/main-[^"]+\.js/, entryScript);
        await cache.put(href, new Response(html, { headers }));
      }
    },
    { href: url, ...change },
  );
}

const KEPT_MARKER = '<!-- kept copy -->';

/** A page in its own context that the worker controls, with the landing page kept. */
async function landingKept(browser: Browser): Promise<{ context: BrowserContext; page: Page; url: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await keptForOffline(page);
  return { context, page, url: page.url() };
}

test('a repeat visit of the landing page shows the copy kept at once and fetches a fresh one for the next; a shared list comes from the network', async ({ browser }) => {
  const { context, page, url } = await landingKept(browser);
  await rewriteKeptCopy(page, url, {});
  const repeat = await page.goto(url);
  expect(repeat!.fromServiceWorker()).toBe(true);
  expect(await repeat!.text()).toContain(KEPT_MARKER);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(async () => (await keptHtml(page, url))?.includes(KEPT_MARKER)).toBe(false);
  expect(await (await page.goto(url))!.text()).not.toContain(KEPT_MARKER);

  // A shared list may have changed or gone since: online, it always comes from the server.
  const owner = await signedInPage(browser, 'Lea');
  const listId = await sharedList(owner.page);
  await page.goto(`/share/wishlist/${listId}`);
  await keptForOffline(page);
  await apiCall(owner.page, 'POST', `/wishlists/${listId}/items`, { title: 'Camp stove', price: '30', currency: 'GBP' });
  await page.reload();
  await expect(itemCard(page, 'Camp stove')).toBeVisible();
  await context.close();
  await owner.context.close();
});

test('a kept landing page that is old, from an earlier build, for another reader or a signed-in one waits for the network', async ({ browser }) => {
  const { context, page, url } = await landingKept(browser);
  const visit = async () => (await page.goto(url))!.text();

  await rewriteKeptCopy(page, url, { date: new Date(Date.now() - 2 * 24 * 3600_000).toUTCString() });
  expect(await visit()).not.toContain(KEPT_MARKER);

  // After a deploy: the kept page loads scripts this worker's build does not have.
  await rewriteKeptCopy(page, url, { entryScript: '/assets/main-earlier.js' });
  expect(await visit()).not.toContain(KEPT_MARKER);

  // Another reader: the dark scheme chosen since, so the first paint is dark.
  await rewriteKeptCopy(page, url, {});
  await context.addCookies([{ name: 'ww_scheme', value: 'dark', domain: '127.0.0.1', path: '/' }]);
  const dark = await visit();
  expect(dark).not.toContain(KEPT_MARKER);
  expect(dark).toContain('<body class="bp6-dark">');

  // Signed in: always the network.
  await rewriteKeptCopy(page, url, {});
  await context.addCookies([{ name: 'wishwell_signed_in', value: '1', domain: '127.0.0.1', path: '/' }]);
  expect(await visit()).not.toContain(KEPT_MARKER);
  await context.close();
});
