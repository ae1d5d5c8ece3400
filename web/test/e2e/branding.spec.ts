import { expect, test } from '@playwright/test';
import { E2E_PORT } from './support/constants';
import { createGardenDomain } from './support/domains';

// The browser resolves *.wishwell.test to the test server (playwright.config.ts), so a page can be
// opened under a hostname of its own without touching the other tests' default branding.
const host = `brand-${Date.now().toString(36)}.wishwell.test`;

test('a domain config with other colours and texts rebrands the pages on that host', async ({ page, request }) => {
  await createGardenDomain(request, host);

  await page.goto(`http://${host}:${E2E_PORT}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Grow your wishes');
  await expect(page.getByText('Lists for every celebration.')).toBeVisible();
  await expect(page.locator('header.ww-topbar')).toHaveCSS('background-color', 'rgb(30, 86, 49)');
  await expect(page.getByRole('button', { name: 'Create a Wishlist for Free' })).toHaveCSS('background-color', 'rgb(241, 196, 15)');
  await expect(page.getByText(`© ${new Date().getFullYear()} Gift Garden. All rights reserved.`)).toBeVisible();
  await expect(page.getByRole('link', { name: `help@${host}` })).toBeVisible();
  await expect(page).toHaveTitle('Gift Garden');
});

test('the default host keeps the default colours', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('header.ww-topbar')).toHaveCSS('background-color', 'rgb(54, 54, 54)');
});
