import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { apiCall } from './support/api';
import { onDialogEntry } from './support/dialog-history';
import { signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// Toasts (the spec's notification bar) stay at the bottom centre of the screen: on a long page
// they do not scroll away with it, and with a dialog open they sit clear of its title, fields
// and buttons instead of jumping to the top.

test.describe.configure({ timeout: 60_000 });

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of what a toast must not cover in `dialog`: its title and every field and button on screen. */
async function dialogParts(dialog: Locator): Promise<{ what: string; box: Box }[]> {
  return dialog.locator('input, textarea, select, button, .bp6-dialog-header').evaluateAll((elements) =>
    elements
      .map((element) => ({ what: element.outerHTML.slice(0, 80), box: element.getBoundingClientRect().toJSON() as Box }))
      .filter(({ box }) => box.width > 0 && box.y + box.height > 0 && box.y < innerHeight),
  );
}

/** The toast's box once it has slid in and been placed: the same box twice running. */
async function settledBox(toast: Locator): Promise<Box> {
  let previous = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await toast.boundingBox());
        const settled = now === previous;
        previous = now;
        return settled;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return (await toast.boundingBox())!;
}

async function expectAtBottomCentre(page: Page, toast: Locator) {
  const box = await settledBox(toast);
  const viewport = page.viewportSize()!;
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.y + box.height).toBeGreaterThan(viewport.height - 60);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 700 },
]) {
  test(`${viewport.width} px: a toast on a scrolled-down page shows at the foot of the screen`, async ({ browser }) => {
    const owner = await (await browser.newContext()).newPage();
    const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists/guest', { name: 'Long list', theme: 'Other' });
    for (let n = 1; n <= 12; n++) await apiCall(owner, 'POST', `/wishlists/${list._id}/items`, { title: `Gift ${n}`, price: String(n), notes: 'A longer note. '.repeat(6) });

    const guest = await (await browser.newContext({ viewport })).newPage();
    await guest.goto(`/share/wishlist/${list._id}`);
    const last = guest.locator('.ww-item-card').last();
    await last.scrollIntoViewIfNeeded();
    await last.getByRole('button', { name: 'Mark as Purchased' }).click();
    const dialog = guest.getByRole('dialog', { name: 'Mark as Purchased' });
    await dialog.getByRole('button', { name: 'Mark as Purchased' }).click();
    await expect(dialog).toBeHidden();
    await onDialogEntry(guest, false);
    expect(await guest.evaluate(() => scrollY)).toBeGreaterThan(400);
    const toast = guest.locator('.bp6-toast', { hasText: 'Thank you' });
    await expect(toast).toBeVisible();
    await expectAtBottomCentre(guest, toast);
  });

  test(`${viewport.width} px: an error toast with a dialog open stays low and covers none of its title, fields or buttons`, async ({ browser }) => {
    const { page, context } = await signedInPage(browser, 'Ivy', { viewport });
    const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'Toasts', theme: 'Birthday' });
    await page.goto(`/wishlist/${list._id}`);
    await page.getByRole('button', { name: 'Edit List' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Wishlist' });
    const address = dialog.getByLabel("Editor's e-mail address");
    await address.fill('not an address');
    await dialog.getByRole('button', { name: 'Add Editor' }).click();
    const toast = page.locator('.bp6-toast', { hasText: /./ }).first();
    await expect(toast).toBeVisible();
    const toastBox = await settledBox(toast);
    for (const part of await dialogParts(dialog)) expect(overlap(toastBox, part.box), `toast over ${part.what}`).toBe(false);
    // Still in the lower half of the screen, not moved to the top over the dialog's title.
    expect(toastBox.y).toBeGreaterThan(viewport.height / 2);
    await keepScreenshot(page, 'dialog-toast.png');
    await context.close();
  });
}
