// People in their own browser contexts, and the item cards they look at (shared by the wish list specs).
import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { apiCall } from './api';

export const PASSWORD = 'correct horse battery';

/** A signed-in person in their own browser context (registered through the API), e.g. with a locale and a phone's viewport. */
export async function signedInPage(browser: Browser, name: string, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const email = uniqueEmail(name.toLowerCase());
  await apiCall(page, 'POST', '/users/register', { name, email, password: PASSWORD, domain: '127.0.0.1' });
  return { context, page, email };
}

/** The card of the item titled `title`. */
export const itemCard = (page: Page, title: string): Locator =>
  page.locator('.ww-item-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** A visitor creates a list from the landing page (the browser remembers it); answers its id. */
export async function createGuestListFromLanding(page: Page): Promise<string> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create a Wishlist for Free' }).click();
  await expect(page).toHaveURL(/\/wishlist\/[\w-]+$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'My New Wishlist' })).toBeVisible();
  return id;
}
