import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';

test('landing page shows the configured headline, the steps and the theme colours', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All your wishes in one place');
  await expect(page.getByRole('button', { name: 'Create a Wishlist for Free' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How It Works' }).getByRole('heading', { level: 3 })).toHaveText(['1. Add anything', '2. Share with one link', '3. Receive gifts']);
  await expect(page.getByRole('region', { name: 'Why Wishwell' }).getByRole('heading', { level: 3 })).toHaveCount(3);
  await expect(page.locator('header.ww-topbar')).toHaveCSS('background-color', 'rgb(54, 54, 54)');
  await expect(page.getByRole('button', { name: 'Create a Wishlist for Free' })).toHaveCSS('background-color', 'rgb(232, 67, 147)');
  await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(244, 244, 244)');
  await expect(page.getByText(`© ${new Date().getFullYear()} Wishwell. All rights reserved.`)).toBeVisible();
  // No public domain set up here (127.0.0.1, localhost): no contact address that would reach nobody.
  await expect(page.getByRole('link', { name: /^help@/ })).toHaveCount(0);
  await expect(page.getByText('Questions? Write to')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('an unknown client route still renders the app with header and footer', async ({ page }) => {
  await page.goto('/some/client/route');
  await expect(page.getByText('Page not found')).toBeVisible();
  await expect(page.locator('header.ww-topbar img')).toHaveAttribute('src', '/Logo.png');
  await expect(page.getByText('All rights reserved.')).toBeVisible();
});

test('links move within the app and Back returns, without a second stop on a page linked to itself', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('link', { name: 'Login' }).click(); // the page already shown
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/login$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All your wishes in one place');
});

test('signed-out visitors to /admin are sent to /login', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
});

test('public pages never download the admin console; an admin gets it on /admin without the public header', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    // A body the browser let go of once the page moved on is read again from its address.
    if (response.url().endsWith('.js')) void response.text().catch(async () => (await page.request.get(response.url())).text()).then((text) => scripts.push(text));
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Create a Wishlist for Free' })).toBeVisible();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.some((s) => s.includes('Back to site'))).toBe(false);

  const login = await page.request.post('/api/v1/users/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(login.ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByText('Back to site')).toBeVisible();
  await expect(page.locator('header.ww-topbar')).toHaveCount(0);
  await expect(page.getByText('All rights reserved.')).toHaveCount(0);
  await expect.poll(() => scripts.some((s) => s.includes('Back to site'))).toBe(true);
});
