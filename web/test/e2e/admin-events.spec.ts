import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInByApi } from './support/accounts';
import { adminEventStreams } from './support/admin';

// The admin event stream in a normal browser: Scrape Logs shows failed scrapes as toasts.

/** A scrape the server refuses (a private address): logged as failed and announced. */
async function failScrape(page: Page, url: string): Promise<number> {
  return page.evaluate(async (url) => {
    const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.slice('XSRF-TOKEN='.length));
    const response = await fetch('/api/v1/scrape', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf }, body: JSON.stringify({ url }) });
    return response.status;
  }, url);
}

test('failed scrapes show up as one toast per shop on Scrape Logs, whose Show button filters the log to them', async ({ page }) => {
  const streams = adminEventStreams(page);
  await signInByApi(page, E2E_ADMIN, '/admin/scrape-logs');
  await expect(page.getByRole('heading', { level: 2, name: 'Scrape Logs' })).toBeVisible();
  await streams.open(); // what happens from now on reaches the console
  expect(await failScrape(page, 'http://10.77.0.1/gift/1')).toBeGreaterThanOrEqual(400);
  expect(await failScrape(page, 'http://10.77.0.1/gift/2')).toBeGreaterThanOrEqual(400);
  const toast = page.locator('.bp6-toast').filter({ hasText: '2 scrapes failed on 10.77.0.1' });
  // Its button focused as soon as it comes: a toast with the focus in it stays (else it goes after 6 s).
  await toast.getByRole('button', { name: 'Show' }).focus();
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Latest: http://10.77.0.1/gift/2');
  // The page reloaded its rows when the failures arrived.
  await expect(page.getByRole('main').getByText('http://10.77.0.1/gift/2').first()).toBeVisible();

  expect(await failScrape(page, 'http://10.88.0.1/other')).toBeGreaterThanOrEqual(400);
  await toast.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/admin\/scrape-logs\?q=10\.77\.0\.1&status=failed$/);
  await expect(page.getByLabel('Search')).toHaveValue('10.77.0.1');
  await expect(page.getByLabel('Status')).toHaveValue('failed');
  const log = page.getByRole('main');
  await expect(log.getByText('http://10.77.0.1/gift/1').first()).toBeVisible();
  await expect(log.getByText('http://10.88.0.1/other')).toHaveCount(0);

  // Away on another console page for a moment (Scrape Logs and its toasts unmount): a failure
  // announced meanwhile is shown on the way back, not lost between two streams.
  await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'All Users' })).toBeVisible();
  expect(await failScrape(page, 'http://10.99.0.1/while-away')).toBeGreaterThanOrEqual(400);
  await page.getByRole('menuitem', { name: 'Scrape Logs', exact: true }).click();
  await expect(page.locator('.bp6-toast').filter({ hasText: 'Scrape failed on 10.99.0.1' })).toBeVisible();
});
