// Account helpers for the browser tests. E2E_ADMIN is the admin whatever order the spec files run in.
import { expect, type Page } from '@playwright/test';

export { E2E_ADMIN, E2E_PORT, E2E_SMTP_PORT } from './constants';

let counter = 0;
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${++counter}@example.com`;
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

/** Signs in through the form and waits for /dashboard. */
export async function signInThroughForm(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
