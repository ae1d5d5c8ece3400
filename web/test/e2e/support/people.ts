// People in their own browser contexts, and the item cards they look at (shared by the wish list specs).
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { uniqueEmail } from './accounts';
import { apiCall } from './api';

export const PASSWORD = 'correct horse battery';

/** A signed-in person in their own browser context (registered through the API). */
export async function signedInPage(browser: Browser, name: string): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail(name.toLowerCase());
  await page.goto('/');
  await apiCall(page, 'POST', '/users/register', { name, email, password: PASSWORD, domain: '127.0.0.1' });
  return { context, page, email };
}

/** The card of the item titled `title`. */
export const itemCard = (page: Page, title: string): Locator =>
  page.locator('.ww-item-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
