import { expect, test, type Page } from '@playwright/test';
import type { Language } from '@wishwell/shared/languages';
import { apiCall } from './support/api';
import { onDialogEntry } from './support/dialog-history';
import { consoleProblems, isSessionProbe } from './support/console';
import { DESKTOP, expectNoEnglishLeft, expectNoSidewaysScroll, PHONE, sharedList, textIn } from './support/languages';
import { itemCard, signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// French and Spanish walks (issue 16), like the German ones in languages.spec.ts: the public pages
// a guest sees and the pages an owner keeps a list with, on a phone, where longer words must not
// push anything sideways, and with no English left that the catalogue translates. Screenshots at
// 390 and 1280 px go to the test's output folder to be looked at.

test.describe.configure({ timeout: 150_000 });

/** The page fits a phone and speaks `language`; a screenshot named `name` is kept. */
async function check(page: Page, language: Language, name: string): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectNoEnglishLeft(page, language);
  await keepScreenshot(page, `${name}-${language}-${page.viewportSize()?.width}.png`, { fullPage: true, animations: 'disabled' });
}

/** Blueprint 6 warns about every <Popover> under React 19 (the menus); that is not a language problem. */
const languageProblems = (problems: string[]) => problems.filter((problem) => !problem.startsWith('[Blueprint] <Popover>'));

for (const language of ['fr', 'es'] as const) {
  const t = (key: string, values?: Record<string, string | number>) => textIn(language, key, values);

  test(`${language}: a guest on a phone walks landing, share page, purchase and pledge dialogs, registration and sign-in`, async ({ browser }) => {
    const listId = await sharedList(browser);
    const context = await browser.newContext({ locale: language, viewport: PHONE });
    const page = await context.newPage();
    const problems = consoleProblems(page, isSessionProbe);

    await page.goto('/');
    await expect(page.getByRole('button', { name: t('landing.create') })).toBeEnabled();
    await check(page, language, 'landing');

    await page.goto(`/share/wishlist/${listId}`);
    const grinder = itemCard(page, 'Kaffeemühle');
    await expect(grinder).toContainText(language === 'fr' ? '1 299,50 €' : '1299,50 €');
    await check(page, language, 'share');
    await grinder.getByRole('button', { name: t('share.markPurchased') }).click();
    const purchase = page.getByRole('dialog');
    await expect(purchase.getByLabel(t('purchase.name'))).toBeVisible();
    await check(page, language, 'purchase-dialog');
    await purchase.getByLabel(t('purchase.name')).fill('Tía Carmen');
    await purchase.getByRole('button', { name: t('share.markPurchased') }).click();
    await expect(purchase).toBeHidden();
    await expect(grinder).toContainText(t('item.stillWanted', { remaining: 1, quantity: 2 }));
    await itemCard(page, 'Lastenfahrrad').getByRole('button', { name: t('share.pledge') }).click();
    const pledge = page.getByRole('dialog', { name: t('pledge.title') });
    await expect(pledge.getByText(t('pledge.amountHelp', { example: '12,50' }))).toBeVisible();
    await check(page, language, 'pledge-dialog');
    await page.keyboard.press('Escape');
    await onDialogEntry(page, false); // a goto before the dialog's history step is aborted by it

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: t('account.createTitle') })).toBeVisible();
    await check(page, language, 'register');
    await page.goto('/login');
    await expect(page.getByRole('link', { name: t('account.forgotPassword') })).toBeVisible();
    await check(page, language, 'login');
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: t('notFound.title') })).toBeVisible();
    await check(page, language, 'not-found');

    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await check(page, language, 'landing');
    await page.goto(`/share/wishlist/${listId}`);
    await expect(itemCard(page, 'Kaffeemühle')).toBeVisible();
    await check(page, language, 'share');
    expect(languageProblems(problems)).toEqual([]);
    await context.close();
  });

  test(`${language}: an owner on a phone keeps a list and an account: dashboard, list page and its dialogs, My Account, tokens, password`, async ({ browser }) => {
    const owner = await signedInPage(browser, 'Camille', { locale: language, viewport: PHONE });
    const page = owner.page;
    const problems = consoleProblems(page);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: t('dashboard.title') })).toBeVisible();
    await check(page, language, 'dashboard-empty');
    await page.getByRole('button', { name: t('dashboard.create') }).click();
    const create = page.getByRole('dialog', { name: t('listForm.createTitle') });
    await create.getByLabel(t('listForm.name')).first().fill('Cumpleaños');
    await check(page, language, 'create-list-dialog');
    await create.getByRole('button', { name: t('listForm.create') }).click();
    await expect(create).toBeHidden();
    const card = page.locator('.ww-list-card').filter({ hasText: 'Cumpleaños' });
    const listId = new URL((await card.getByRole('link').first().getAttribute('href'))!, page.url()).pathname.split('/').pop()!;
    await apiCall(page, 'POST', `/wishlists/${listId}/items`, { title: 'Molinillo', price: '42', currency: 'EUR', quantity: 2, notes: 'Talla M' });

    await page.goto(`/wishlist/${listId}`);
    await expect(itemCard(page, 'Molinillo')).toBeVisible();
    await check(page, language, 'list');
    await page.getByRole('textbox', { name: t('addItem.label') }).fill('Tetera');
    await page.getByRole('button', { name: t('addItem.button') }).click();
    await expect(page.getByRole('dialog', { name: t('itemForm.addTitle') })).toBeVisible();
    await check(page, language, 'item-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t('list.editList') }).click();
    await expect(page.getByRole('dialog', { name: t('listForm.editTitle') })).toBeVisible();
    await check(page, language, 'list-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: t('list.share') }).click();
    await expect(page.getByRole('menuitem', { name: t('shareMenu.copyLink') })).toBeVisible();
    await check(page, language, 'share-menu');
    await page.keyboard.press('Escape');

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: t('myAccount.title') })).toBeVisible();
    await page.getByLabel(t('tokens.note')).fill('Domótica');
    await page.getByRole('button', { name: t('tokens.create') }).click();
    await expect(page.getByRole('list', { name: t('tokens.list') })).toBeVisible();
    await check(page, language, 'account');
    await page.getByRole('link', { name: t('myAccount.changePassword') }).click();
    await expect(page.getByLabel(t('password.current'))).toBeVisible();
    await check(page, language, 'change-password');

    await page.setViewportSize(DESKTOP);
    for (const [path, name] of [['/dashboard', 'dashboard'], [`/wishlist/${listId}`, 'list'], ['/account', 'account']] as const) {
      await page.goto(path);
      await expect(page.locator('.ww-page-spinner')).toHaveCount(0);
      await check(page, language, name);
    }
    expect(languageProblems(problems)).toEqual([]);
    await owner.context.close();
  });
}
