import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';
import { E2E_ADMIN, uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { waitForMail } from './support/mail';
import { onDialogEntry } from './support/dialog-history';
import { itemCard, signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// Guests own their gifts: a purchase mark is a reservation the guest can change or undo, on the
// share page (remembered in this browser), on another device through the mailed link, and on
// the dashboard for signed-in people.

test.describe.configure({ timeout: 120_000 });

/** A guest list with items, made through the API by its owner's browser; answers its id. */
async function listWith(browser: Browser, items: { title: string; quantity?: number }[]): Promise<string> {
  const owner = await (await browser.newContext()).newPage();
  const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists/guest', { name: 'Housewarming', theme: 'Other' });
  for (const item of items) await apiCall(owner, 'POST', `/wishlists/${list._id}/items`, { price: '20', ...item });
  return list._id;
}

/** How far each row of a card's action buttons stops short of the row's right edge, in whole px. */
function actionRowGaps(card: Locator): Promise<number[]> {
  return card.locator('.ww-item-actions').evaluate((actions) => {
    const rowEnds = new Map<number, number>();
    for (const button of actions.children) {
      const box = button.getBoundingClientRect();
      rowEnds.set(Math.round(box.top), Math.max(rowEnds.get(Math.round(box.top)) ?? 0, box.right));
    }
    return [...rowEnds.values()].map((end) => Math.round(actions.getBoundingClientRect().right - end));
  });
}

async function markPurchased(page: Page, title: string, fields: { quantity?: string; email?: string } = {}) {
  await itemCard(page, title).getByRole('button', { name: 'Mark as Purchased' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark as Purchased' });
  await dialog.getByLabel(/Your name/).fill('Aunt May');
  if (fields.quantity) await dialog.getByLabel('Quantity').fill(fields.quantity);
  if (fields.email) await dialog.getByLabel(/Your e-mail/).fill(fields.email);
  await expect(dialog.getByText('send me a link to change this later')).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark as Purchased' }).click();
  await expect(dialog).toBeHidden();
  await onDialogEntry(page, false);
}

test('a guest marks, reloads, changes and undoes a reservation; another device undoes through the mailed link', async ({ browser }) => {
  const listId = await listWith(browser, [{ title: 'Mugs', quantity: 3 }, { title: 'Doormat' }]);
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/share/wishlist/${listId}`);
  const address = uniqueEmail('may');
  await markPurchased(guest, 'Mugs', { quantity: '1', email: address });
  const mugs = itemCard(guest, 'Mugs');
  await expect(mugs).toContainText('You reserved this — change or undo');
  await expect(mugs).toContainText('2 of 3 still wanted');

  await guest.reload();
  await expect(mugs).toContainText('You reserved this — change or undo');
  await mugs.getByRole('button', { name: 'change or undo' }).click();
  const manage = guest.getByRole('dialog', { name: 'Your reservation' });
  await manage.getByLabel('Quantity').fill('2');
  await manage.getByRole('button', { name: 'Save Change' }).click();
  await expect(manage).toBeHidden();
  await expect(mugs).toContainText('1 of 3 still wanted');

  await mugs.getByRole('button', { name: 'change or undo' }).click();
  // Undoing is asked once: Cancel keeps the reservation.
  await manage.getByRole('button', { name: 'Undo Reservation' }).click();
  const confirm = guest.getByRole('alertdialog');
  await expect(confirm).toContainText('Undo your reservation of “Mugs”? It is listed again for others to give.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(mugs).toContainText('1 of 3 still wanted');
  await manage.getByRole('button', { name: 'Undo Reservation' }).click();
  await confirm.getByRole('button', { name: 'Undo Reservation' }).click();
  await expect(guest.getByText('Reservation undone — the item is listed again.')).toBeVisible();
  await expect(mugs).toContainText('3 of 3 still wanted');
  await expect(mugs).not.toContainText('You reserved this');

  // The last Doormat: it leaves the list, and the guest still finds the reservation at the top.
  const doormatAddress = uniqueEmail('may-doormat');
  await markPurchased(guest, 'Doormat', { email: doormatAddress });
  await expect(itemCard(guest, 'Doormat')).toHaveCount(0);
  const mine = guest.getByRole('region', { name: 'Your reservations' });
  await expect(mine).toContainText('Doormat');
  await expect(mine).toContainText('You reserved this — change or undo');

  // A second device: only the mailed link, from the real SMTP server.
  const mail = await waitForMail(doormatAddress);
  expect(mail.subject).toBe('You reserved "Doormat"');
  const link = mail.text.match(/https?:\/\/\S+\/claims\/[\w-]+/)![0];
  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Your reservation', exact: true })).toBeVisible();
  await expect(phone.getByText('You reserved Doormat on Housewarming.')).toBeVisible();
  await phone.getByRole('button', { name: 'Undo Reservation' }).click();
  await phone.getByRole('alertdialog').getByRole('button', { name: 'Undo Reservation' }).click();
  await expect(phone.getByRole('heading', { name: 'Reservation undone' })).toBeVisible();
  await expect(phone.getByRole('link', { name: 'Back to the wishlist' })).toBeVisible();
  await phone.reload();
  await expect(phone.getByRole('heading', { name: 'This reservation no longer exists' })).toBeVisible();

  // Back on the first browser: the Doormat is wanted again, and the page knows the reservation is gone
  // (it asks with the list), with no click on a stale note.
  const checked = guest.waitForResponse((response) => response.url().endsWith(`/share/${listId}/claims`) && response.ok());
  await guest.reload();
  await checked;
  await expect(itemCard(guest, 'Doormat')).toBeVisible();
  await expect(itemCard(guest, 'Doormat')).not.toContainText('You reserved this');
  await expect(guest.getByRole('region', { name: 'Your reservations' })).toHaveCount(0);
  await guestContext.close();
  await phoneContext.close();
});

test('a signed-in guest changes and undoes reservations from My reservations on the dashboard', async ({ browser }) => {
  const listId = await listWith(browser, [{ title: 'Toaster', quantity: 2 }]);
  const { context, page } = await signedInPage(browser, 'Bea');
  await page.goto(`/share/wishlist/${listId}`);
  await markPurchased(page, 'Toaster', { quantity: '1' });
  await page.goto('/dashboard');
  const mine = page.getByRole('region', { name: 'My reservations' });
  await expect(mine).toContainText('Toaster on Housewarming');
  await mine.getByRole('button', { name: 'Change or undo' }).click();
  const manage = page.getByRole('dialog', { name: 'Your reservation' });
  await manage.getByLabel('Quantity').fill('2');
  await manage.getByRole('button', { name: 'Save Change' }).click();
  await expect(mine).toContainText('2 × Toaster on Housewarming');
  await mine.getByRole('button', { name: 'Change or undo' }).click();
  await manage.getByRole('button', { name: 'Undo Reservation' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Undo Reservation' }).click();
  await expect(mine).toHaveCount(0);
  await context.close();
});

test('guests pledge towards a group gift and watch the progress bar fill until it counts as bought', async ({ browser }) => {
  const admin = await (await browser.newContext()).newPage();
  await apiCall(admin, 'POST', '/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const giftShop = `pledges-${Date.now().toString(36)}.test`;
  const rule = await apiCall<{ _id: string }>(admin, 'POST', '/referral-rules', { matcher: giftShop, programName: 'Gift Shop', giftCardUrl: `https://${giftShop}/cards` });
  try {
    const owner = await (await browser.newContext()).newPage();
    const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists/guest', { name: 'Baby shower', theme: 'New Baby' });
    const pramItem = await apiCall<{ _id: string }>(owner, 'POST', `/wishlists/${list._id}/items`, { title: 'Pram', price: '300', url: `https://${giftShop}/pram`, isGroupGift: true });

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`/share/wishlist/${list._id}`);
    const pram = itemCard(guest, 'Pram');
    await expect(pram).toContainText('nobody has pledged yet — £300 needed');
    await expect(pram.getByRole('button', { name: 'Mark as Purchased' })).toBeVisible();
    await expect(pram.getByRole('button', { name: 'Buy a Gift Card' })).toHaveAttribute('href', `https://${giftShop}/cards`);
    await pram.getByRole('button', { name: 'Pledge' }).click();
    const dialog = guest.getByRole('dialog', { name: 'Pledge towards this gift' });
    await dialog.getByLabel(/Amount/).fill('120');
    await dialog.getByLabel(/Your name/).fill('Gran');
    await dialog.getByRole('button', { name: 'Pledge' }).click();
    await expect(pram).toContainText('pledged £120 of £300 by 1 person');
    await expect(pram.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    await expect(pram).toContainText('You pledged £120 — change or undo');
    // Pledged towards: paid for by pledges now, not bought outright.
    await expect(pram.getByRole('button', { name: 'Mark as Purchased' })).toHaveCount(0);
    // Pledge, View Product and Buy a Gift Card: every row of buttons spans the card, none left half-width.
    expect(new Set(await actionRowGaps(pram))).toEqual(new Set([0]));
    await keepScreenshot(guest, 'pledges.png', { fullPage: true });

    // A signed-in guest's pledge shows under My reservations with its amount.
    const bea = await signedInPage(browser, 'Bea');
    await bea.page.goto(`/share/wishlist/${list._id}`);
    await apiCall(bea.page, 'POST', `/wishlists/share/${list._id}/items/${pramItem._id}/pledges`, { amount: '30', name: 'Bea' });
    await bea.page.goto('/dashboard');
    await expect(bea.page.getByRole('region', { name: 'My reservations' })).toContainText('£30.00 towards Pram on Baby shower');
    await bea.context.close();

    // Too much is refused with the amount still needed; the rest completes the gift.
    const other = await (await browser.newContext()).newPage();
    await other.goto(`/share/wishlist/${list._id}`);
    await itemCard(other, 'Pram').getByRole('button', { name: 'Pledge' }).click();
    const otherDialog = other.getByRole('dialog', { name: 'Pledge towards this gift' });
    // The dialog says how far the group has got before the guest picks an amount.
    await expect(otherDialog).toContainText('pledged £150 of £300 by 2 people');
    await otherDialog.getByLabel(/Amount/).fill('200');
    await otherDialog.getByRole('button', { name: 'Pledge' }).click();
    await expect(other.getByText('Only £150.00 is still needed, not £200.00.')).toBeVisible();
    await otherDialog.getByLabel(/Amount/).fill('150');
    await otherDialog.getByRole('button', { name: 'Pledge' }).click();
    await expect(other.getByText('Everything on this list has been purchased!')).toBeVisible();
  } finally {
    await apiCall(admin, 'DELETE', `/referral-rules/${rule._id}`);
  }
});

test("the owner's item form says by the quantity why it cannot go below what guests reserved", async ({ browser }) => {
  const { page: owner } = await signedInPage(browser, 'Olga');
  const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists', { name: 'Housewarming' });
  const mugs = await apiCall<Item>(owner, 'POST', `/wishlists/${list._id}/items`, { title: 'Mugs', quantity: 3 });
  const guest = await (await browser.newContext()).newPage();
  await apiCall(guest, 'PUT', `/wishlists/share/${list._id}/items/${mugs._id}`, { quantityPurchased: 2, purchasedBy: 'Aunt May' });

  await owner.goto(`/wishlist/${list._id}`);
  await itemCard(owner, 'Mugs').getByRole('button', { name: 'Actions for Mugs' }).click();
  await owner.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Edit Item' });
  const quantity = dialog.getByLabel('Quantity');
  await quantity.fill('1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Guests have already reserved 2 units of this item: the quantity cannot be lower than that.')).toBeVisible();
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');

  await quantity.fill('2');
  await expect(dialog.getByText('Guests have already reserved')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.getByText('Every item has been purchased.')).toBeVisible();
  expect((await apiCall<Wishlist>(owner, 'GET', `/wishlists/${list._id}`)).items[0]).toMatchObject({ quantity: 2, quantityPurchased: 2, isPurchased: true });
});
