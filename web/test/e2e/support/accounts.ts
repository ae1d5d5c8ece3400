// Account helpers for the browser tests. E2E_ADMIN is the admin whatever order the spec files run in.
import { expect, type Page } from '@playwright/test';

export { E2E_ADMIN, E2E_PORT, E2E_SMTP_PORT } from './constants';

let counter = 0;
/** An address no other test of the run uses, also one running at the same moment in another worker. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${process.pid.toString(36)}-${++counter}@example.com`;
}

/** Registers through the form and waits for /dashboard. */
export async function registerThroughForm(page: Page, account: { name: string; email: string; password: string }, query = ''): Promise<void> {
  await page.goto(`/register${query}`);
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * Registers through the API into the page's browser context, signed in from then on (set-up, where
 * the form is not what the test is about); opens nothing.
 */
export async function registerByApi(page: Page, account: { name: string; email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/v1/users/register', { data: { ...account, domain: '127.0.0.1' } });
  expect(response.ok(), `registration of ${account.email}`).toBe(true);
}

/**
 * Signs in through the API into the page's browser context (set-up, where the form is not what the
 * test is about) and opens `path` on the site (null: nothing).
 */
export async function signInByApi(page: Page, account: { email: string; password: string }, path: string | null = '/dashboard'): Promise<void> {
  const response = await page.request.post('/api/v1/users/login', { data: { email: account.email, password: account.password } });
  expect(response.ok(), `sign-in of ${account.email}`).toBe(true);
  if (path !== null) await page.goto(path);
}

/** Signs in through the form and waits for /dashboard. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
