import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { consoleProblems } from './support/console';
import { holdAppScript } from './support/hydration';
import { E2E_PORT } from './support/constants';
import { itemCard, signedInPage } from './support/people';

// The landing and share pages arrive rendered by the server (issue 14): readable before any
// script runs, in the domain's colours, and hydrated by React without a complaint.

test.describe.configure({ timeout: 60_000 });

const picture = `http://127.0.0.1:${E2E_PORT}/covers/other.svg`;

async function sharedList(page: Page): Promise<string> {
  const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'Garden party', theme: 'Birthday' });
  for (const title of ['Watering can', 'Seed box', 'Hammock']) {
    await apiCall(page, 'POST', `/wishlists/${list._id}/items`, { title, price: '12', currency: 'GBP', imageUrl: picture });
  }
  return list._id;
}

/** `ownerName`'s shared list and a guest's fresh page whose console problems are collected; `close` ends both. */
async function guestOfSharedList(browser: Browser, ownerName: string) {
  const owner = await signedInPage(browser, ownerName);
  const listId = await sharedList(owner.page);
  const context = await browser.newContext();
  const page = await context.newPage();
  const close = async () => {
    await context.close();
    await owner.context.close();
  };
  return { listId, page, problems: consoleProblems(page), close };
}

test('without JavaScript the landing page shows its headline and the share page its items, in the domain colours', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Priya');
  const listId = await sharedList(owner.page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All your wishes in one place');
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await expect(page.locator('header.ww-topbar')).toHaveCSS('background-color', 'rgb(54, 54, 54)');
  await expect(page).toHaveTitle('Wishwell');

  await page.goto(`/share/wishlist/${listId}`);
  await expect(page.getByRole('heading', { name: "Priya's Wishlist" })).toBeVisible();
  for (const title of ['Watering can', 'Seed box', 'Hammock']) await expect(itemCard(page, title)).toBeVisible();
  await expect(itemCard(page, 'Hammock').getByRole('button', { name: 'Mark as Purchased' })).toHaveCSS('background-color', 'rgb(232, 67, 147)');
  await expect(page).toHaveTitle("Garden party – Priya's wishlist");
  await context.close();
  await owner.context.close();
});

test('both pages hydrate without console errors or warnings, work at once, and never load admin code', async ({ browser }) => {
  // A signed-out page asks for no profile, so it logs no 401 either.
  const { listId, page, problems, close } = await guestOfSharedList(browser, 'Tomas');
  // Bodies read while the page is open; one still arriving as the test closes it is not checked.
  const scriptReads: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scriptReads.push(response.text().catch(() => ''));
  });

  await page.goto(`/share/wishlist/${listId}`);
  await itemCard(page, 'Seed box').getByRole('button', { name: 'Mark as Purchased' }).click();
  await expect(page.getByRole('dialog', { name: 'Mark as Purchased' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(problems).toEqual([]);
  const scripts = await Promise.all(scriptReads);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((s) => s.includes('Back to site'))).toBe(false);
  await close();
});

test('a guest who taps Mark as Purchased before the page is hydrated gets its dialog once the script arrives', async ({ browser }) => {
  const { listId, page, problems, close } = await guestOfSharedList(browser, 'Noor');
  // A slow phone: the app's script arrives only after the guest's tap.
  const deliverScript = await holdAppScript(page);

  await page.goto(`/share/wishlist/${listId}`, { waitUntil: 'commit' });
  await itemCard(page, 'Seed box').getByRole('button', { name: 'Mark as Purchased' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as Purchased' });
  await expect(dialog).toBeHidden(); // no script of the app has run yet
  deliverScript();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Seed box');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(problems).toEqual([]);
  await close();
});

test('a language picked in the footer before the page is hydrated is switched to once the script arrives', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  const problems = consoleProblems(page);
  // A slow phone: the app's script arrives only after the visitor's choice.
  const deliverScript = await holdAppScript(page);

  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible(); // no script of the app has run yet
  deliverScript();
  await expect(page.getByRole('heading', { name: 'Cómo funciona' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
  expect(problems).toEqual([]);
  await context.close();
});

test('a change to the list is in the next server-rendered page', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Ines');
  const listId = await sharedList(owner.page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/share/wishlist/${listId}`);
  await expect(itemCard(page, 'Hammock')).toBeVisible();

  await apiCall(owner.page, 'POST', `/wishlists/${listId}/items`, { title: 'Bird feeder', price: '9', currency: 'GBP' });
  await page.reload();
  await expect(itemCard(page, 'Bird feeder')).toBeVisible();
  await context.close();
  await owner.context.close();
});
