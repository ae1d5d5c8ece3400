import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, registerByApi, registerThroughForm, signInByApi, signInThroughForm, uniqueEmail } from './support/accounts';
import { openForApi } from './support/api';
import { waitForMail } from './support/mail';

const openAccountMenu = (page: Page) => page.getByRole('button', { name: 'Account menu' }).click();

function newAccount(tag: string) {
  return { name: `${tag[0]!.toUpperCase()}${tag.slice(1)} Tester`, email: uniqueEmail(tag), password: 'first password' };
}

test('register goes to /dashboard; the menu has My Lists, My Account and Logout, and Logout goes to /', async ({ page }) => {
  await registerThroughForm(page, newAccount('register'));
  await openAccountMenu(page);
  await expect(page.getByRole('menuitem', { name: 'My Lists' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  // Signed out for real: the session cookie is gone, so a reload stays signed out.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
});

test('the registration form states the password rule and refuses a taken address with the server message', async ({ page }) => {
  const account = newAccount('taken');
  await registerByApi(page, account);
  await page.context().clearCookies();
  await page.goto('/register');
  await expect(page.getByText('At least 8 characters.')).toBeVisible();
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill('another password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(/An account with this email address already exists/)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('a wrong password shows the server message and stays on /login', async ({ page }) => {
  const account = newAccount('wrongpass');
  await registerByApi(page, account);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill('not my password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
});

test('signing in with claimList in the URL drops that id from guestWishlists', async ({ page }) => {
  const account = newAccount('claim');
  await registerByApi(page, account);
  await page.context().clearCookies();
  await openForApi(page); // the origin's storage, without loading the app for it
  await page.evaluate(() => localStorage.setItem('guestWishlists', JSON.stringify(['keep-me', 'claim-me'])));
  await page.goto('/login?claimList=claim-me');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const login = page.waitForRequest((r) => r.url().endsWith('/api/v1/users/login'));
  await page.getByRole('button', { name: 'Sign In' }).click();
  expect((await login).postDataJSON()).toMatchObject({ claimListId: 'claim-me' });
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('guestWishlists') ?? '[]'))).toEqual(['keep-me']);
});

test('change password: a mismatch is refused, then the new password works and the old does not', async ({ page }) => {
  const account = newAccount('change');
  await registerByApi(page, account);
  await page.goto('/dashboard');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/change-password$/);

  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('second password');
  await page.getByLabel('Confirm New Password').fill('something else');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm New Password').fill('second password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  // The session goes on with the new token after the old ones were revoked.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Account', exact: true })).toBeVisible();

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('second password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('My Account saves name, email and country', async ({ page }) => {
  const account = newAccount('profile');
  await registerByApi(page, account);
  await page.goto('/account');
  await expect(page.getByLabel('Name')).toHaveValue(account.name);
  await expect(page.getByLabel('Email Address')).toHaveValue(account.email);
  await page.getByLabel('Name').fill('Renamed Tester');
  await page.getByLabel('Country').fill('US');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated Successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Renamed Tester');
  await expect(page.getByLabel('Country')).toHaveValue('US');
});

test('Delete My Account asks first, then deletes, signs out and goes to /', async ({ page }) => {
  const account = newAccount('delete');
  await registerByApi(page, account);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete your account?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(/\/account$/);

  await page.getByRole('button', { name: 'Delete My Account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete My Account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Login' }).click();
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('an admin sees Admin in the menu and /admin without the public header; a user does not', async ({ page, browser }) => {
  await signInByApi(page, E2E_ADMIN);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.locator('.ww-admin')).toBeVisible();
  await expect(page.locator('header.ww-topbar')).toHaveCount(0);
  await expect(page.locator('footer.ww-footer')).toHaveCount(0);

  const userPage = await browser.newPage();
  await registerByApi(userPage, newAccount('plain'));
  await userPage.goto('/dashboard');
  await openAccountMenu(userPage);
  await expect(userPage.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  await expect(userPage.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
  await userPage.goto('/admin');
  await expect(userPage).toHaveURL(/\/login$/);
  await userPage.close();
});

test('signed-out visitors to /account and /change-password are sent to /login', async ({ page }) => {
  for (const path of ['/account', '/change-password']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test.describe('password reset through a real mail', () => {
  test('the reset mail arrives; its link sets a new password and lands on /dashboard signed in', async ({ page }) => {
    const account = newAccount('forgot');
    await registerByApi(page, account);
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel('Email Address').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists for that email address' })).toBeVisible();

    const mail = await waitForMail(account.email);
    const link = mail.text.match(/http:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/)![0];
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);

    await page.goto(link);
    await page.getByLabel('New Password').fill('reset password 1');
    await page.getByLabel('Confirm Password').fill('reset password 2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Confirm Password').fill('reset password 1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await page.context().clearCookies();
    await signInThroughForm(page, { email: account.email, password: 'reset password 1' });
  });
});
