import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { expectNoSeriousViolations } from './support/axe';
import { E2E_PORT } from './support/constants';
import { signedInPage } from './support/people';

// How the public pages look, kept as images the suite compares against (light and dark, desktop
// and phone), and an accessibility check of each public page. The data is fixed and local (item
// pictures are the server's own cover images), the footer's year is masked, animations are off.

test.describe.configure({ timeout: 120_000 });

const WIDTHS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SCHEMES = ['light', 'dark'] as const;
const picture = (name: string) => `http://127.0.0.1:${E2E_PORT}/covers/${name}.svg`;

interface Fixture {
  ownerPage: Page;
  listId: string;
  emptyListId: string;
}

/** One owner with a filled list (mixed currencies, a missing and a bought item) and an empty one. */
async function seed(browser: Browser): Promise<Fixture> {
  const owner = await signedInPage(browser, 'Amelia');
  const list = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', {
    name: "Amelia's 30th birthday",
    theme: 'Birthday',
    description: 'Thank you for thinking of me! Anything from this list would be lovely.',
    colorSet: 'default',
  });
  const items = [
    { title: 'Ceramic pour-over coffee set', price: '34.50', currency: 'GBP', imageUrl: picture('christmas'), priority: 'High', quantity: 1 },
    { title: 'Linen table napkins, set of four', price: '24', currency: 'GBP', imageUrl: picture('wedding'), priority: 'Medium', quantity: 2 },
    { title: 'Hardback cookbook', price: '29.99', currency: 'USD', imageUrl: '', priority: 'Low', quantity: 1 },
    { title: 'Concert tickets', price: 'Price not found', currency: 'GBP', imageUrl: picture('other'), priority: 'Medium', quantity: 1 },
  ];
  for (const item of items) await apiCall(owner.page, 'POST', `/wishlists/${list._id}/items`, item); // new items go last
  const empty = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Christmas 2027', theme: 'Christmas' });
  return { ownerPage: owner.page, listId: list._id, emptyListId: empty._id };
}

async function expectLooksRight(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await expect(page).toHaveScreenshot(`${name}.png`, { fullPage: true, maxDiffPixelRatio: 0.02, mask: [page.locator('.ww-footer p').first()] });
}

// One test per theme: the two run side by side in the workers. Both widths in one test: a new
// context per width would load the site cold again, which costs more than it shares out.
for (const scheme of SCHEMES) {
  test(`landing, dashboard, owner and share pages look right at 1280 and 390 px, ${scheme}`, async ({ browser }) => {
    const { ownerPage, listId } = await seed(browser);
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    for (const [label, viewport] of Object.entries(WIDTHS)) {
      for (const page of [ownerPage, guest]) {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await page.setViewportSize(viewport);
      }
      await guest.goto('/');
      await expect(guest.getByRole('heading', { level: 1 })).toBeVisible();
      await expectLooksRight(guest, `landing-${label}-${scheme}`);

      await guest.goto(`/share/wishlist/${listId}`);
      await expect(guest.locator('.ww-item-card')).toHaveCount(4);
      await expect(guest.locator('.ww-item-card img')).toHaveCount(3);
      await guest.waitForFunction(() => [...document.querySelectorAll('.ww-item-card img')].every((img) => (img as HTMLImageElement).complete));
      await expectLooksRight(guest, `share-${label}-${scheme}`);

      await ownerPage.goto('/dashboard');
      await expect(ownerPage.locator('.ww-list-card')).toHaveCount(2);
      await ownerPage.waitForFunction(() => [...document.querySelectorAll('.ww-list-card img')].every((img) => (img as HTMLImageElement).complete));
      await expectLooksRight(ownerPage, `dashboard-${label}-${scheme}`);

      await ownerPage.goto(`/wishlist/${listId}`);
      await expect(ownerPage.locator('.ww-item-card')).toHaveCount(4);
      await ownerPage.waitForFunction(() => [...document.querySelectorAll('.ww-item-card img')].every((img) => (img as HTMLImageElement).complete));
      await expectLooksRight(ownerPage, `owner-${label}-${scheme}`);
    }
    await guestContext.close();
  });
}

test('the account menu switches between the light and the dark theme, and the choice stays', async ({ browser }) => {
  const { ownerPage: page } = await seed(browser);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Dark theme' }).click();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await page.reload();
  await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Light theme' }).click();
  await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
});

// Each public page once per theme (axe takes seconds a page): the signed-out pages and the share
// pages in tests of their own, so the two workers take them side by side and only the share
// pages' tests seed a list.
for (const scheme of SCHEMES) {
  test(`the landing, sign-in, registration, password and not-found pages have no serious accessibility violations, in the ${scheme} theme`, async ({ browser }) => {
    await expectPagesAccessible(browser, scheme, ['/', '/login', '/register', '/forgot-password', '/no-such-page']);
  });

  test(`a filled, an empty and a missing list's share pages have no serious accessibility violations, in the ${scheme} theme`, async ({ browser }) => {
    const { listId, emptyListId } = await seed(browser);
    await expectPagesAccessible(browser, scheme, [`/share/wishlist/${listId}`, `/share/wishlist/${emptyListId}`, '/share/wishlist/missing']);
  });
}

/** Opens each of `paths` signed out in the `scheme` theme and runs axe on it. */
async function expectPagesAccessible(browser: Browser, scheme: (typeof SCHEMES)[number], paths: string[]): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.emulateMedia({ colorScheme: scheme });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('.ww-main')).not.toBeEmpty();
    await expect(page.locator('.ww-page-spinner, .ww-center-block .bp6-spinner')).toHaveCount(0);
    await expectNoSeriousViolations(page, `${path} (${scheme})`);
  }
  await context.close();
}

test('the API reference (/api/docs) has no serious accessibility violations, folded and with an operation open', async ({ page }) => {
  await page.goto('/api/docs');
  const health = page.getByRole('heading', { name: /^health/ });
  await expect(health).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page, '/api/docs');
  await health.getByRole('button', { name: 'Expand operation' }).click();
  const operation = page.locator('.swagger-ui .opblock').first();
  await operation.locator('.opblock-summary-control').click();
  await expect(operation.locator('.opblock-body')).toBeVisible();
  await expectNoSeriousViolations(page, '/api/docs with an operation open');
});
