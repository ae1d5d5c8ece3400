import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, startOidcProvider } from '../../../server/test/support/oidc-provider';
import { uniqueEmail } from './support/accounts';
import { createGuestListFromLanding } from './support/people';

// 'Sign in with {label}' in the browser: the round trip through a real OpenID Connect provider
// (oidc-provider in this process), a guest list claimed on the way, and the provider-down message.

test.describe.configure({ timeout: 60_000 });

let server: ChildProcess | undefined;
test.afterAll(() => {
  server?.kill();
});

test('a guest signs in with the provider: the list is claimed and the dashboard opens', async ({ browser }) => {
  const [appPort, providerPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${appPort}`;
  server = spawn('bun', ['scripts/e2e-server.ts', String(appPort)], {
    env: { ...process.env, OIDC_ISSUER: `http://127.0.0.1:${providerPort}`, OIDC_CLIENT_ID: 'wishwell', OIDC_CLIENT_SECRET: 'a-client-secret-for-tests-only', OIDC_BUTTON_LABEL: 'Family ID' },
    stdio: 'ignore',
  });
  await expect.poll(async () => (await fetch(`${base}/api/v1/health`).catch(() => null))?.ok ?? false, { timeout: 30_000 }).toBe(true);
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  const listId = await createGuestListFromLanding(page);

  // The provider is not running yet: the login page says so, and the claim is still carried.
  await page.goto(`/register?claimList=${listId}`);
  await page.getByRole('button', { name: 'Sign in with Family ID' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?oidcError=unavailable&claimList=${listId}$`));
  await expect(page.getByRole('alert')).toHaveText('Family ID cannot be reached right now, so signing in with it is not possible. Please try again in a few minutes.');

  const provider = await startOidcProvider(base, providerPort);
  try {
    provider.signInAs({ sub: 'grace-1', email: uniqueEmail('grace'), email_verified: true, name: 'Grace Provider' });
    await page.getByRole('button', { name: 'Sign in with Family ID' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My New Wishlist' })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestWishlists') ?? '[]'))).not.toContain(listId);
    await page.getByRole('button', { name: /account/i }).click();
    await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  } finally {
    await provider.stop();
    await context.close();
  }
});
