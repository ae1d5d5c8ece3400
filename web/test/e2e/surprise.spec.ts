import { expect, test } from '@playwright/test';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { apiCall } from './support/api';
import { itemCard, signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// Surprise mode from the owner's side: set in Edit List, purchases vanish from the owner's pages
// (only 'n gifts reserved — revealed on …' remains), Reveal now brings them back.

test.describe.configure({ timeout: 60_000 });

const nextWeek = () => {
  const day = new Date(Date.now() + 7 * 24 * 3600_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

test("the owner's surprise view: nothing bought shows until Reveal now", async ({ browser }) => {
  const { context, page: owner } = await signedInPage(browser, 'Olive');
  const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists', { name: 'Birthday' });
  const item = await apiCall<{ _id: string }>(owner, 'POST', `/wishlists/${list._id}/items`, { title: 'Bike', price: '200' });
  await apiCall(owner, 'POST', `/wishlists/${list._id}/items`, { title: 'Book', price: '12', quantity: 3 });

  await owner.goto(`/wishlist/${list._id}`);
  await owner.getByRole('button', { name: 'Edit List' }).click();
  const edit = owner.getByRole('dialog', { name: 'Edit Wishlist' });
  await edit.getByLabel('Keep purchases a surprise until …').fill(nextWeek());
  await expect(edit.getByText('Editors can see reservations')).toBeVisible();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText('Wishlist updated!')).toBeVisible();

  // A guest buys the bike (the API call stands for the guest's page, tested elsewhere).
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/share/wishlist/${list._id}`);
  await apiCall(guest, 'PUT', `/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: 1, purchasedBy: 'Secret Sam' });

  await owner.reload();
  await expect(owner.getByText(/^1 gift reserved — revealed on /)).toBeVisible();
  await expect(itemCard(owner, 'Bike')).toBeVisible(); // looks listed
  await expect(owner.getByText('Show Purchased', { exact: true })).toHaveCount(0);
  await expect(owner.getByText(/Secret Sam|Purchased by/)).toHaveCount(0);
  await keepScreenshot(owner, 'owner-surprise.png', { fullPage: true });

  await owner.goto('/dashboard');
  await expect(owner.locator('.ww-list-card', { hasText: 'Birthday' })).toContainText('1 gift reserved — revealed on');

  await owner.goto(`/wishlist/${list._id}`);
  await owner.getByRole('button', { name: 'Edit List' }).click();
  await edit.getByRole('button', { name: 'Reveal now' }).click();
  await expect(owner.getByText('Wishlist updated!')).toBeVisible();
  await expect(owner.getByText(/gifts? reserved — revealed on/)).toHaveCount(0);
  await owner.getByText('Show Purchased', { exact: true }).click();
  await expect(itemCard(owner, 'Bike').getByText('Purchased by Secret Sam')).toBeVisible();
  await context.close();
});
