import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { consoleProblems } from './support/console';
import { E2E_PORT } from './support/constants';
import { itemCard, signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// The first paint is already in the visitor's colour scheme (issue 14): the server renders the
// scheme they chose (a cookie mirrors the account menu's choice) and, with no choice, the page's
// CSS follows the system's. Checked before any script runs (JavaScript disabled) and, with
// scripts, on every frame painted while the page loads and hydrates.

test.describe.configure({ timeout: 60_000 });

const DARK_PAGE = 'rgb(28, 33, 39)';
const LIGHT_PAGE = 'rgb(244, 244, 244)';
const SCHEME_COOKIE = 'ww_scheme';
const picture = `http://127.0.0.1:${E2E_PORT}/covers/other.svg`;

async function sharedList(browser: Browser): Promise<string> {
  const owner = await signedInPage(browser, 'Noor');
  const list = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Night market', theme: 'Birthday' });
  await apiCall(owner.page, 'POST', `/wishlists/${list._id}/items`, { title: 'Lantern', price: '12', currency: 'GBP', imageUrl: picture });
  await owner.context.close();
  return list._id;
}

function schemeCookie(scheme: 'light' | 'dark') {
  return { name: SCHEME_COOKIE, value: scheme, domain: '127.0.0.1', path: '/' };
}

/** A page in a context without JavaScript: what it shows is the server's HTML and CSS alone. */
async function pageWithoutScripts(browser: Browser, options: BrowserContextOptions, cookies: ReturnType<typeof schemeCookie>[] = []): Promise<Page> {
  const context = await browser.newContext({ ...options, javaScriptEnabled: false });
  await context.addCookies(cookies);
  return context.newPage();
}

async function expectPageColours(page: Page, background: string) {
  await expect(page.locator('body')).toHaveCSS('background-color', background);
}

test('a dark system gets a dark first paint of the landing and share pages before any script runs', async ({ browser }) => {
  const listId = await sharedList(browser);
  const page = await pageWithoutScripts(browser, { colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectPageColours(page, DARK_PAGE);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveCSS('color', 'rgb(28, 33, 39)');
  await keepScreenshot(page, 'landing-system-dark-no-js.png', { fullPage: true });

  await page.goto(`/share/wishlist/${listId}`);
  await expect(itemCard(page, 'Lantern')).toBeVisible();
  await expectPageColours(page, DARK_PAGE);
  // Blueprint's dark card, not a white one on the dark page.
  await expect(itemCard(page, 'Lantern')).toHaveCSS('background-color', 'rgb(37, 42, 49)');
  await keepScreenshot(page, 'share-system-dark-no-js.png', { fullPage: true });

  const light = await pageWithoutScripts(browser, { colorScheme: 'light' });
  await light.goto(`/share/wishlist/${listId}`);
  await expectPageColours(light, LIGHT_PAGE);
  await expect(itemCard(light, 'Lantern')).not.toHaveCSS('background-color', 'rgb(37, 42, 49)');
});

test('a chosen scheme wins over the system in the first HTML', async ({ browser }) => {
  const listId = await sharedList(browser);
  const chosenDark = await pageWithoutScripts(browser, { colorScheme: 'light' }, [schemeCookie('dark')]);
  for (const path of ['/', `/share/wishlist/${listId}`]) {
    await chosenDark.goto(path);
    await expectPageColours(chosenDark, DARK_PAGE);
    await expect(chosenDark.locator('body')).toHaveClass('bp6-dark');
  }
  await keepScreenshot(chosenDark, 'share-chosen-dark-no-js.png', { fullPage: true });

  const chosenLight = await pageWithoutScripts(browser, { colorScheme: 'dark' }, [schemeCookie('light')]);
  for (const path of ['/', `/share/wishlist/${listId}`]) {
    await chosenLight.goto(path);
    await expectPageColours(chosenLight, LIGHT_PAGE);
  }
});

test('pages rendered in the browser open on a page in the scheme too, not a white one', async ({ browser }) => {
  const systemDark = await pageWithoutScripts(browser, { colorScheme: 'dark' });
  await systemDark.goto('/login');
  await expectPageColours(systemDark, DARK_PAGE);
  const chosenDark = await pageWithoutScripts(browser, { colorScheme: 'light' }, [schemeCookie('dark')]);
  await chosenDark.goto('/dashboard');
  await expectPageColours(chosenDark, DARK_PAGE);
  await expect(chosenDark.locator('body')).toHaveClass('bp6-dark');
  const systemLight = await pageWithoutScripts(browser, { colorScheme: 'light' });
  await systemLight.goto('/login');
  await expectPageColours(systemLight, LIGHT_PAGE);
});

/** The body's background on every frame the page paints, from the first one. */
async function recordPaintedBackgrounds(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { paintedBackgrounds: string[] }).paintedBackgrounds = seen;
    const sample = () => {
      if (document.body) seen.push(getComputedStyle(document.body).backgroundColor);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  return () => page.evaluate(() => (window as unknown as { paintedBackgrounds: string[] }).paintedBackgrounds);
}

test('with scripts, a dark page stays dark through hydration on every frame, without console complaints', async ({ browser }) => {
  const listId = await sharedList(browser);
  for (const setup of [{ colorScheme: 'dark' as const, cookies: [] }, { colorScheme: 'light' as const, cookies: [schemeCookie('dark')] }]) {
    const context = await browser.newContext({ colorScheme: setup.colorScheme });
    await context.addCookies(setup.cookies);
    const page = await context.newPage();
    const problems = consoleProblems(page);
    const painted = await recordPaintedBackgrounds(page);
    await page.goto(`/share/wishlist/${listId}`);
    await expect(page.locator('body')).toHaveClass(/bp6-dark/);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const backgrounds = await painted();
    expect(backgrounds.length).toBeGreaterThan(0);
    expect(new Set(backgrounds), `${setup.colorScheme} system, cookie ${setup.cookies.length > 0}`).toEqual(new Set([DARK_PAGE]));
    expect(problems).toEqual([]);
    await context.close();
  }
});

test('a choice made in the account menu, or kept from before the cookie, renders the next page dark before scripts', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Ravi', { colorScheme: 'light' });
  await owner.page.goto('/dashboard');
  await owner.page.getByRole('button', { name: 'Account menu' }).click();
  await owner.page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(owner.page.locator('body')).toHaveClass(/bp6-dark/);
  const menuCookies = await owner.context.cookies();
  expect(menuCookies.find((c) => c.name === SCHEME_COOKIE)?.value).toBe('dark');
  const next = await pageWithoutScripts(browser, { colorScheme: 'light', storageState: await owner.context.storageState() });
  await next.goto('/');
  await expectPageColours(next, DARK_PAGE);
  await owner.context.close();

  // A browser that chose dark before the cookie existed: its first visit with scripts mirrors it.
  const earlier = await browser.newContext({ colorScheme: 'light' });
  await earlier.addInitScript(() => localStorage.setItem('wwColorScheme', 'dark'));
  const page = await earlier.newPage();
  await page.goto('/');
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await expect.poll(async () => (await earlier.cookies()).find((c) => c.name === SCHEME_COOKIE)?.value).toBe('dark');
  await earlier.close();
});
