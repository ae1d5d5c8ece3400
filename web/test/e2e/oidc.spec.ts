import { expect, test } from '@playwright/test';
import { freePort, startOidcProvider } from '@wishwell/server/test-support/oidc-provider';
import { startSmtpServer, type TestSmtpServer } from '@wishwell/server/test-support/smtp';
import { uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { startOwnServer, type OwnServer } from './support/own-server';
import { createGuestListFromLanding, PASSWORD } from './support/people';

// 'Sign in with {label}' in the browser: the round trip through a real OpenID Connect provider
// (oidc-provider in this process), a guest list claimed on the way, the provider-down message,
// linking an existing account with its password, signing out at the provider too, a first
// password for an account the provider made, and the password pages of a provider-only site. Each
// test has its server and provider: the two workers take them side by side.

test.describe.configure({ timeout: 120_000 });

const servers: OwnServer[] = [];
let smtp: TestSmtpServer | undefined;
test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await smtp?.stop();
});

/** A Wishwell server of this spec's own using the provider that will listen on `providerPort`; answers its URL. */
async function startServer(providerPort: number, env: Record<string, string> = {}): Promise<string> {
  const provider = { OIDC_ISSUER: `http://127.0.0.1:${providerPort}`, OIDC_CLIENT_ID: 'wishwell', OIDC_CLIENT_SECRET: 'a-client-secret-for-tests-only', OIDC_BUTTON_LABEL: 'Family ID' };
  const server = await startOwnServer({ ...provider, ...env });
  servers.push(server);
  return server.base;
}

test('a guest signs in with the provider: the list is claimed and the dashboard opens', async ({ browser }) => {
  const providerPort = await freePort();
  smtp = await startSmtpServer();
  const base = await startServer(providerPort, { SMTP_URL: smtp.url });
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
    const graceEmail = uniqueEmail('grace');
    provider.signInAs({ sub: 'grace-1', email: graceEmail, email_verified: true, name: 'Grace Provider' });
    await page.getByRole('button', { name: 'Sign in with Family ID' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'My New Wishlist' })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestWishlists') ?? '[]'))).not.toContain(listId);
    await page.getByRole('button', { name: /account/i }).click();
    await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();

    // Logout ends the provider's session too: its sign-out page, then back on the site, signed out.
    const loginsBefore = provider.logins;
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(new RegExp(`^http://127.0.0.1:${providerPort}/`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await expect(page).toHaveURL(`${base}/`);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Family ID' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(provider.logins).toBe(loginsBefore + 1); // the provider asked who it was again

    // Grace's account came from the provider: no password to change, even typed by hand; 'Set a password' mails her the link.
    await page.goto('/change-password');
    await expect(page.getByText('Your account has no password yet: you sign in with Family ID.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set a password' })).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveCount(0);
    await expectNoSeriousViolations(page, page.url());
    await page.goto('/account');
    await expect(page.getByText('Your account has no password yet: you sign in with Family ID.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Change Password' })).toHaveCount(0);
    await expectNoSeriousViolations(page, page.url());
    await page.getByRole('button', { name: 'Set a password' }).click();
    await expect(page.getByText(`We sent a link to set your password to ${graceEmail}. It works for 1 hour.`)).toBeVisible();
    const mail = await smtp.waitForMail(graceEmail);
    expect(mail.subject).toMatch(/^Set a password for your .+ account$/);
    await page.goto(new URL(/\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)![0], base).href);
    await page.getByLabel('New Password').fill(PASSWORD);
    await page.getByLabel('Confirm Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/account');
    await expect(page.getByRole('link', { name: 'Change Password' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Set a password' })).toHaveCount(0);
  } finally {
    await provider.stop();
    await context.close();
  }
});

test('someone with a password account signs in with the provider for the first time: one password links them', async ({ browser }) => {
  const providerPort = await freePort();
  const base = await startServer(providerPort);
  const provider = await startOidcProvider(base, providerPort);
  const linda = await browser.newContext({ baseURL: base });
  try {
    const lindaPage = await linda.newPage();
    const email = uniqueEmail('linda');
    await apiCall(lindaPage, 'POST', '/users/register', { name: 'Linda', email, password: PASSWORD, domain: '127.0.0.1' });
    await apiCall(lindaPage, 'POST', '/users/logout');
    provider.signInAs({ sub: 'linda-1', email, email_verified: true, name: 'Linda at Family ID' });
    await lindaPage.goto('/login');
    await expectNoSeriousViolations(lindaPage, lindaPage.url());
    await lindaPage.getByRole('button', { name: 'Sign in with Family ID' }).click();
    await expect(lindaPage.getByText(`An account with ${email} already exists. Enter its password once to link your Family ID sign-in to it`)).toBeVisible();
    await expectNoSeriousViolations(lindaPage, lindaPage.url());
    // Only the password was asked: a wrong one is called that. Cancel leads back to the plain sign-in page.
    await lindaPage.getByLabel('Password').fill('not her password');
    await lindaPage.getByRole('button', { name: 'Link and Sign In' }).click();
    await expect(lindaPage.getByText('That is not the password of this account. Please try again.')).toBeVisible();
    await lindaPage.getByRole('link', { name: 'Cancel' }).click();
    await expect(lindaPage.getByLabel('Email')).toBeVisible();
    // Back from the provider, the page asks whether a link waits: no password field shows before it
    // knows, so a password typed meanwhile is not lost to a plain sign-in form the link form replaces.
    let answerOptions = () => {};
    const optionsHeld = new Promise<void>((resolve) => (answerOptions = resolve));
    await lindaPage.route('**/api/v1/users/sign-in-options', async (route) => {
      await optionsHeld;
      await route.continue();
    });
    await lindaPage.getByRole('button', { name: 'Sign in with Family ID' }).click();
    await expect(lindaPage).toHaveURL(/oidcLink=1/);
    await expect(lindaPage.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(lindaPage.getByLabel('Password')).toHaveCount(0);
    answerOptions();
    await lindaPage.getByLabel('Password').fill(PASSWORD);
    await lindaPage.getByRole('button', { name: 'Link and Sign In' }).click();
    await expect(lindaPage).toHaveURL(/\/dashboard$/);
    await apiCall(lindaPage, 'POST', '/users/logout');
    await lindaPage.goto('/login');
    await lindaPage.getByRole('button', { name: 'Sign in with Family ID' }).click();
    await expect(lindaPage).toHaveURL(/\/dashboard$/); // linked: no password this time
  } finally {
    await linda.close();
    await provider.stop();
  }
});

test('a provider-only site (PASSWORD_LOGIN=false): the password pages point to the provider, My Account has no password section', async ({ browser }) => {
  const providerPort = await freePort();
  const base = await startServer(providerPort, { PASSWORD_LOGIN: 'false' });
  const provider = await startOidcProvider(base, providerPort);
  const context = await browser.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    for (const path of ['/forgot-password', '/reset-password/some-link-token']) {
      await page.goto(path);
      await expect(page.getByText('This site signs in through Family ID only, so there is no password to reset here.')).toBeVisible();
      await expect(page.getByLabel('Email')).toHaveCount(0);
      await expect(page.getByLabel('New Password')).toHaveCount(0);
      await expectNoSeriousViolations(page, page.url());
    }
    provider.signInAs({ sub: 'ida-1', email: uniqueEmail('ida'), email_verified: true, name: 'Ida Provider' });
    await page.getByRole('button', { name: 'Sign in with Family ID' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Password' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Set a password' })).toHaveCount(0);
    await page.goto('/change-password');
    await expect(page.getByText('This site signs in through Family ID only, so there is no password to reset here.')).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Set a password' })).toHaveCount(0);
  } finally {
    await context.close();
    await provider.stop();
  }
});
