import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { registerThroughForm, signInThroughForm, uniqueEmail } from './support/accounts';

// The language kept on the account (issue 16): chosen in My Account or in the footer's menu while
// signed in, it wins over this browser's cookie and Accept-Language on every device the person
// signs in on; '(browser's language)' hands the choice back to the browser.

const footerMenu = (page: Page, name: string) => page.locator('footer').getByRole('combobox', { name });
const accountLanguage = (page: Page) => page.locator('#language');

async function savedLanguage(page: Page): Promise<string | null> {
  return (await apiCall<{ language: string | null }>(page, 'GET', '/users/profile')).language;
}

test('a language chosen in My Account follows the account to another browser, and the browser takes over again when cleared', async ({ page, browser }) => {
  const account = { name: 'Greta Tester', email: uniqueEmail('greta'), password: 'greta password' };
  await registerThroughForm(page, account);
  await page.goto('/account');
  await expect(accountLanguage(page)).toHaveValue(''); // '(browser's language)'
  await expect(accountLanguage(page).locator('option').first()).toHaveText("(browser's language)");
  await accountLanguage(page).selectOption('de');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(footerMenu(page, 'Sprache')).toHaveValue('de');
  expect(await savedLanguage(page)).toBe('de');

  // Another device whose browser asks for English: signing in switches it to German, and pages
  // the server renders come in German from then on.
  const elsewhere = await browser.newContext({ locale: 'en-GB' });
  const other = await elsewhere.newPage();
  await signInThroughForm(other, account);
  await expect(other.locator('html')).toHaveAttribute('lang', 'de');
  await other.goto('/');
  await expect(other.getByRole('heading', { level: 1 })).toHaveText('Alle Wünsche an einem Ort');
  await other.goto('/account');
  await expect(accountLanguage(other)).toHaveValue('de');
  await expect(other.getByText('Seiten erscheinen in dieser Sprache')).toBeVisible();

  // Back to the browser's language: this browser asks for English, so English it is.
  await accountLanguage(other).selectOption('');
  await other.getByRole('button', { name: 'Änderungen speichern' }).click(); // My Account is in German until saved
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await expect(footerMenu(other, 'Language')).toHaveValue('en');
  expect(await savedLanguage(other)).toBeNull();
  await other.goto('/');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await elsewhere.close();
});

test("the footer's menu, signed in, saves the language on the account", async ({ page }) => {
  await registerThroughForm(page, { name: 'Felix Tester', email: uniqueEmail('felix'), password: 'felix password' });
  await footerMenu(page, 'Language').selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect.poll(() => savedLanguage(page)).toBe('fr');
  await page.goto('/account');
  await expect(accountLanguage(page)).toHaveValue('fr');
  await expect(page.getByText('Les pages s’affichent dans cette langue')).toBeVisible();
});
