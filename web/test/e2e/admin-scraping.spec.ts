import { expect, test } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { E2E_ADMIN, signInByApi, uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { openAdminPage } from './support/admin';

// The admin console's scraping pages: Referral Rules, Scraper Strategy Management and Scrape Logs,
// at desktop width (tables) and phone width (cards).

test.describe.configure({ timeout: 60_000 });

/** Unique in the run, also beside the same spec's other tests in the other worker. */
const tag = () => `${Date.now().toString(36)}${process.pid.toString(36)}`;


// Signed in without a page (set-up goes through the API): each test opens the console page it is about.
test.beforeEach(async ({ page }) => {
  await signInByApi(page, E2E_ADMIN, null);
});

test('an admin creates, edits and deletes a referral rule', async ({ page }) => {
  const matcher = `shop-${tag()}.example`;
  await openAdminPage(page, 'Referral Rules', 'Referral Rules');
  await page.getByRole('button', { name: 'Add Rule' }).click();
  const create = page.getByRole('dialog', { name: 'Add Referral Rule' });
  await create.getByLabel('Matcher').fill(matcher);
  await create.getByLabel('Program Name').fill('Example Partners');
  await create.getByLabel('Your Referral Code').fill('mytag-21');
  await create.getByLabel('Product ID Regex').fill('/p/(\\d+)');
  await create.getByLabel('URL Structure').fill(`https://${matcher}/p/{ID}?tag={TAG}`);
  await create.getByLabel('Gift Card URL').fill(`https://${matcher}/gift?tag={TAG}`);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: matcher });
  await expect(row).toContainText('Example Partners');
  await expect(page.getByRole('columnheader', { name: 'Matcher' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Program Name' })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${matcher}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Referral Rule' });
  await expect(edit.getByLabel('Your Referral Code')).toHaveValue('mytag-21');
  await expect(edit.getByLabel('Gift Card URL')).toHaveValue(`https://${matcher}/gift?tag={TAG}`);
  await edit.getByLabel('Program Name').fill('Example Partners Plus');
  await edit.getByLabel('Gift Card URL').fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Example Partners Plus');
  const saved = (await apiCall<{ matcher: string; giftCardUrl: string | null; referralCode: string }[]>(page, 'GET', '/referral-rules/all')).find((r) => r.matcher === matcher);
  expect(saved).toMatchObject({ giftCardUrl: null, referralCode: 'mytag-21' });

  await page.getByRole('button', { name: `Delete ${matcher}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Confirm Deletion');
  await expect(confirm).toContainText('Are you sure you want to delete this item? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Delete ${matcher}` }).click();
  const deleteRequest = page.waitForRequest((request) => request.method() === 'DELETE');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  // Spec section 7: the admin delete calls go without the bearer token (cookie and XSRF header only).
  const headers = (await deleteRequest).headers();
  expect(headers.authorization).toBeUndefined();
  expect(headers['x-xsrf-token']).toBeTruthy();
});

test('an admin creates, edits and deletes a scraper config; Save needs the domain and three selectors', async ({ page }) => {
  const domain = `store-${tag()}.example`;
  await openAdminPage(page, 'Scraper Configs', 'Scraper Strategy Management');

  await page.getByRole('button', { name: 'Add Config' }).click();
  const create = page.getByRole('dialog', { name: 'Add Scraper Config' });
  const save = create.getByRole('button', { name: 'Save' });
  await expect(create.getByLabel('Strategy')).toHaveValue('cheerio');
  await expect(create.getByLabel('Image Attribute')).toHaveValue('src');
  await expect(save).toBeDisabled();
  await create.getByLabel('Domain').fill(domain);
  await create.getByLabel('Title Selector').fill('h1');
  await create.getByLabel('Price Selector').fill('.price');
  await expect(save).toBeDisabled();
  await create.getByLabel('Image Selector').fill('img.main');
  await expect(save).toBeEnabled();
  await create.getByLabel('Image Selector').fill('  ');
  await expect(save).toBeDisabled();
  await create.getByLabel('Image Selector').fill('img.main');
  await create.getByLabel('Strategy').selectOption('puppeteer');
  await create.getByLabel('Notes').fill('Renders prices with script');
  await create.getByText('Price is complex').click();
  await save.click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: domain });
  await expect(row).toContainText('puppeteer');
  await expect(row).toContainText('N/A');

  await page.getByRole('button', { name: `Edit ${domain}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Scraper Config' });
  await expect(edit.getByLabel('Notes')).toHaveValue('Renders prices with script');
  await expect(edit.getByRole('checkbox', { name: 'Price is complex' })).toBeChecked();
  await edit.getByLabel('Strategy').selectOption('none');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('none');

  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: `Delete ${domain}` }).click();
  await expect.poll(() => messages).toEqual(['Are you sure you want to delete this config?']);
  await expect(row).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Delete ${domain}` }).click();
  await expect(row).toHaveCount(0);
});

test('a scrape of a local page shows up in Scrape Logs', async ({ page }) => {
  const shop: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><html><head><title>Blue Teapot | Shop</title></head><body><h1>Blue Teapot</h1><p class="price">£24.99</p></body></html>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/teapot-${tag()}`;
    await apiCall(page, 'POST', '/scrape', { url });
    await openAdminPage(page, 'Scrape Logs', 'Scrape Logs');
    for (const header of ['Date', 'Source URL', 'Status', 'Time', 'User', 'IP Address']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const row = page.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Success');
    await expect(row).toContainText(E2E_ADMIN.name);
    await expect(row).toContainText('127.0.0.1');
    await expect(row.getByRole('cell').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d+\.\d{2}s$/);
  } finally {
    shop.close();
  }
});

test('at phone width the pages show cards, and the cards delete too', async ({ page }) => {
  const matcher = `phone-${tag()}.example`;
  await apiCall(page, 'POST', '/referral-rules', { matcher, programName: 'Phone Partners' });
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminPage(page, 'Referral Rules', 'Referral Rules');
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByTestId('admin-card').filter({ hasText: matcher });
  await expect(card).toContainText('Program Name');
  await expect(card).toContainText('Phone Partners');
  await card.getByRole('button', { name: `Delete ${matcher}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(card).toHaveCount(0);

  const domain = `phone-${tag()}.example`;
  await apiCall(page, 'POST', '/scraper-configs', { domain, titleSelector: 'h1', priceSelector: '.price', imageSelector: 'img' });
  await openAdminPage(page, 'Scraper Configs', 'Scraper Strategy Management');
  await expect(page.getByRole('table')).toHaveCount(0);
  const configCard = page.getByTestId('admin-card').filter({ hasText: domain });
  await expect(configCard).toContainText('Avg. Scrape Time');
  // The layout follows the window as it is resized.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(page.getByRole('row').filter({ hasText: domain })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  page.once('dialog', (dialog) => void dialog.accept());
  await configCard.getByRole('button', { name: `Delete ${domain}` }).click();
  await expect(configCard).toHaveCount(0);
});

test('a non-admin is sent to /login from the admin pages', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await apiCall(page, 'POST', '/users/register', { name: 'Plain User', email: uniqueEmail('plain'), password: 'correct horse battery', domain: '127.0.0.1' });
  for (const path of ['referral-rules', 'scraper-configs', 'scrape-logs']) {
    await page.goto(`/admin/${path}`);
    await expect(page).toHaveURL(/\/login$/);
  }
  await context.close();
});
