import { expect, test } from '@playwright/test';
import { E2E_ADMIN, signInByApi } from './support/accounts';
import { openAdminPage } from './support/admin';
import { apiCall } from './support/api';
import { startOwnServer, type OwnServer } from './support/own-server';

// The console's Settings page: sign-ups change at once for visitors; what the e2e server's
// environment sets (SMTP_URL) is read-only and says so. On a server of its own: closed sign-ups
// would refuse every other spec's registrations on the shared one.

// Two browsers and several saves; CI machines are slow.
test.describe.configure({ timeout: 90_000 });

let server: OwnServer | undefined;
test.beforeAll(async () => {
  server = await startOwnServer();
});
test.afterAll(() => server?.stop());

test('an admin closes sign-ups in the console and the register page says so at once', async ({ browser }) => {
  const visitorPage = async () => (await browser.newContext({ baseURL: server!.base })).newPage();
  const page = await visitorPage();
  await signInByApi(page, E2E_ADMIN, null);
  await openAdminPage(page, 'Settings', 'Settings');
  await expect(page.getByLabel('Host')).toBeDisabled();
  await expect(page.getByText("Set by SMTP_URL in the server's environment: change it there.")).toBeVisible();

  await page.getByLabel('Sign-ups').selectOption('closed');
  await page.getByLabel('Default currency of new accounts').fill('ZZZ');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('The default currency must be a three-letter ISO 4217 code such as GBP, EUR or USD.')).toBeVisible();
  await page.getByLabel('Default currency of new accounts').fill('EUR');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. They apply at once.')).toBeVisible();

  const visitor = await visitorPage();
  await visitor.goto('/register');
  await expect(visitor.getByText('Sign-ups are closed on this site. Ask the site operator for an account.')).toBeVisible();
  await expect(visitor.getByLabel('Email Address')).toHaveCount(0);
  // The top bar offers signing in, not a sign-up the server would refuse.
  await visitor.goto('/');
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Register' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByLabel('Sign-ups')).toHaveValue('closed');

  // Opened again, sign-ups are back for the next visitor.
  await apiCall(page, 'PUT', '/admin/settings', { registration: 'open', defaultCurrency: 'GBP' });
  const later = await visitorPage();
  await later.goto('/register');
  await expect(later.getByLabel('Email Address')).toBeVisible();
  await expect(later.getByRole('banner').getByRole('link', { name: 'Register' })).toBeVisible();
});
