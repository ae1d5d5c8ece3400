import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { onDialogEntry } from './support/dialog-history';
import { moveHandle } from './support/hydration';
import { withMaillessServer } from './support/mailless-server';
import { itemCard, signedInPage } from './support/people';
import { E2E_ADMIN, signInByApi, uniqueEmail } from './support/accounts';

// What the pages tell people when things are empty, fail, race or are long: each state says what
// is true. Server and network failures are injected at the browser's network layer (page.route),
// the only place a real server can be made to fail on cue.

test.describe.configure({ timeout: 120_000 });

const itemTitles = (page: Page) => page.locator('.ww-item-card .ww-item-title');

async function newList(page: Page, name: string, items: { title: string; price?: string; currency?: string; quantity?: number; imageUrl?: string }[] = []) {
  const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name, theme: 'Birthday' });
  for (const item of items) await apiCall(page, 'POST', `/wishlists/${list._id}/items`, item);
  return list._id;
}

/** Opens a path as a link inside the app does: the page loads its data itself (nothing server-rendered). */
async function openInApp(page: Page, path: string) {
  await page.goto('/');
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test('a new empty list is not "all purchased"; a missing list offers the way home; a failing one a retry', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Nora');
  const listId = await newList(owner.page, 'Birthday ideas');
  const guest = await browser.newPage();

  await guest.goto(`/share/wishlist/${listId}`);
  await expect(guest.getByText('Nothing on this list yet — check back soon')).toBeVisible();
  await expect(guest.getByText('Everything on this list has been purchased!')).toHaveCount(0);
  await expect(guest).toHaveTitle("Birthday ideas – Nora's wishlist · Wishwell");

  await guest.goto('/share/wishlist/no-such-list');
  await expect(guest.getByText('Could not find this wishlist.')).toBeVisible();
  await guest.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(guest).toHaveURL(/\/$/);

  // A network failure is not "could not find": the guest gets a retry that works once the network is back.
  // (The server renders a shared list it can read, so the failures are met on the way there from inside the app.)
  await apiCall(owner.page, 'POST', `/wishlists/${listId}/items`, { title: 'Kite', price: '12' });
  await guest.route('**/api/v1/wishlists/share/**', (route) => route.abort('internetdisconnected'));
  await openInApp(guest, `/share/wishlist/${listId}`);
  await expect(guest.getByText('Could not load this wishlist')).toBeVisible();
  await expect(guest.getByText('Could not find this wishlist.')).toHaveCount(0);
  await guest.unroute('**/api/v1/wishlists/share/**');
  await guest.getByRole('button', { name: 'Try again' }).click();
  await expect(itemCard(guest, 'Kite')).toBeVisible();

  // A 500 is not "could not find" either.
  await guest.route('**/api/v1/wishlists/share/**', (route) => route.fulfill({ status: 500, json: { message: 'Internal error' } }));
  await openInApp(guest, `/share/wishlist/${listId}`);
  await expect(guest.getByText('Could not load this wishlist')).toBeVisible();
  await owner.context.close();
  await guest.close();
});

test('the guest who loses the race for the last one is told, and the list refreshes; the winner is thanked', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Omar');
  const listId = await newList(owner.page, 'Housewarming', [{ title: 'Teapot', price: '30' }, { title: 'Vase', price: '25' }]);
  const slow = await browser.newPage();
  const quick = await browser.newPage();
  for (const guest of [slow, quick]) await guest.goto(`/share/wishlist/${listId}`);

  await itemCard(slow, 'Teapot').getByRole('button', { name: 'Mark as Purchased' }).click();
  const slowDialog = slow.getByRole('dialog', { name: 'Mark as Purchased' });
  await expect(slowDialog).toBeVisible();

  await itemCard(quick, 'Teapot').getByRole('button', { name: 'Mark as Purchased' }).click();
  await quick.getByRole('dialog', { name: 'Mark as Purchased' }).getByRole('button', { name: 'Mark as Purchased' }).click();
  await expect(quick.getByText('Thank you — Omar will be thrilled')).toBeVisible();

  await slowDialog.getByRole('button', { name: 'Mark as Purchased' }).click();
  await expect(slow.getByText('Someone has just bought this. The list now shows what is still wanted.')).toBeVisible();
  await expect(itemCard(slow, 'Teapot')).toHaveCount(0);
  await expect(itemCard(slow, 'Vase')).toBeVisible();
  await expect(slow.getByText('Thank you')).toHaveCount(0);
  await owner.context.close();
  await Promise.all([slow.close(), quick.close()]);
});

test('a failed dashboard load is not "no wishlists"; a profile blip does not sign the user out', async ({ browser }) => {
  const user = await signedInPage(browser, 'Dina');
  await newList(user.page, 'Christmas');
  const { page } = user;

  await page.route('**/api/v1/wishlists', (route) => route.abort('connectionreset'));
  await page.goto('/dashboard');
  await expect(page.getByText('Could not load your wishlists')).toBeVisible();
  await expect(page.getByText('No wishlists yet')).toHaveCount(0);
  await page.unroute('**/api/v1/wishlists');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.ww-list-card', { hasText: 'Christmas' })).toBeVisible();
  await expect(page).toHaveTitle('My Wishlists · Wishwell');

  // The first profile request fails on the network; the retry finds the session.
  let failures = 0;
  await page.route('**/api/v1/users/profile', (route) => (failures++ === 0 ? route.abort('connectionreset') : route.continue()));
  await page.goto('/dashboard');
  await expect(page.locator('.ww-list-card', { hasText: 'Christmas' })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(failures).toBeGreaterThan(1);
  await page.unroute('**/api/v1/users/profile');

  // Signed in, the sign-in and registration pages lead to the dashboard.
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  await user.context.close();
});

test('owner page: page number in the URL, Back closes dialogs, purchased items last, long names fit', async ({ browser }) => {
  const longName = 'A very long wish list name that goes on and on '.repeat(4).trim().slice(0, 200);
  const owner = await signedInPage(browser, 'Paula');
  const items = Array.from({ length: 12 }, (_, n) => ({ title: `Gift ${n + 1}`, price: String(n + 1) }));
  const listId = await newList(owner.page, longName, items);
  const { page } = owner;
  await page.goto('/dashboard'); // where the last Back below leaves to
  await page.locator('.ww-list-card').getByRole('link').click();
  await expect(page).toHaveTitle(`${longName} · Wishwell`);

  // The banner shows the whole name (a tooltip is no help on a phone), wrapped within the page's width.
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(longName);
  const box = (await heading.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);

  // Page 2 is in the URL, survives a reload and shows the list's top.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(new RegExp(`/wishlist/${listId}\\?page=2$`));
  await expect(itemTitles(page)).toHaveCount(2);
  await page.reload();
  await expect(itemTitles(page)).toHaveText(['Gift 11', 'Gift 12']);
  await expect(itemTitles(page).first()).toBeInViewport();

  // Back closes an open dialog and stays on the page; the next Back leaves.
  await page.getByRole('button', { name: 'Edit List' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Wishlist' })).toBeVisible();
  await onDialogEntry(page, true);
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Edit Wishlist' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/wishlist/${listId}\\?page=2$`));
  // A dialog closed by its button leaves no history entry behind: Back goes to page 1, then to the dashboard.
  await page.getByRole('button', { name: 'Edit List' }).click();
  await page.getByRole('dialog', { name: 'Edit Wishlist' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Wishlist' })).toHaveCount(0);
  await onDialogEntry(page, false);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/wishlist/${listId}$`));
  await expect(itemTitles(page)).toHaveCount(10);
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Bought items come after the still-wanted ones when Show Purchased is on.
  const list = await apiCall<{ items: { _id: string; title: string }[] }>(page, 'GET', `/wishlists/${listId}`);
  const gift1 = list.items.find((item) => item.title === 'Gift 1')!;
  await apiCall(page, 'PUT', `/wishlists/share/${listId}/items/${gift1._id}`, { purchasedBy: 'Gran', quantityPurchased: 1 });
  await page.goto(`/wishlist/${listId}?page=2`);
  await page.getByText('Show Purchased', { exact: true }).click();
  await expect(itemTitles(page)).toHaveText(['Gift 12', 'Gift 1']);
  await expect(itemCard(page, 'Gift 1')).toContainText('Purchased by Gran');
  await owner.context.close();
});

test('prices: each item in its own currency, the filter per currency, and only valid amounts saved', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Cora');
  const listId = await newList(owner.page, 'Mixed shops', [
    { title: 'Mug', price: '4.45', currency: 'GBP' },
    { title: 'Lamp', price: '29.99', currency: 'USD' },
    { title: 'Book', price: '12', currency: 'GBP' },
    { title: 'Kite', price: '18', currency: 'USD' },
    { title: 'Bike', price: '240', currency: 'USD' },
  ]);
  const guest = await browser.newPage();
  await guest.goto(`/share/wishlist/${listId}`);
  await expect(itemCard(guest, 'Lamp')).toContainText('$29.99');
  await expect(itemCard(guest, 'Mug')).toContainText('£4.45');

  // The slider starts in the owner's currency (pounds), though dollars are the most used, and can switch.
  const currency = guest.getByRole('combobox', { name: 'Currency' });
  await expect(currency).toHaveValue('GBP');
  await expect(guest.getByText('Price: £0 – £50+')).toBeVisible();
  await currency.selectOption('USD');
  await expect(guest.getByText('Price: $0 – $250+')).toBeVisible();
  await currency.selectOption('GBP');
  await expect(guest.getByText('Price: £0 – £50+')).toBeVisible();
  const high = guest.getByRole('slider', { name: 'Highest price' });
  await moveHandle(high, 20);
  await expect(guest.getByText('Price: £0 – £20')).toBeVisible();
  // $18 is not "under £20": dollar items are left out and counted, never compared with pounds.
  await expect(itemTitles(guest)).toHaveText(['Mug', 'Book']);
  await expect(guest.getByText('3 items priced in other currencies are not shown while the price filter is on.')).toBeVisible();

  // Sorting keeps currencies apart: pounds (the slider's) first, then dollars, each cheapest first.
  await currency.selectOption('GBP');
  await moveHandle(high, 50);
  await guest.getByText('Sort by price').click();
  await expect(itemTitles(guest)).toHaveText(['Mug', 'Book', 'Kite', 'Lamp', 'Bike']);

  // The owner cannot save a negative or a word as the price.
  const { page } = owner;
  await page.goto(`/wishlist/${listId}`);
  await page.getByLabel('Add an item').fill('Scarf');
  await page.getByRole('button', { name: 'Add Item' }).click();
  const form = page.getByRole('dialog', { name: 'Add Item' });
  for (const bad of ['-20', 'abc']) {
    await form.getByLabel('Price').fill(bad);
    await expect(form.getByText('Enter an amount such as 10 or 12.50.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Add Item' })).toBeDisabled();
  }
  await form.getByLabel('Price').fill('20');
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(itemCard(page, 'Scarf')).toContainText('£20.00');
  await owner.context.close();
  await guest.close();
});

test('a broken picture shows the same placeholder as a missing one', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Ivy');
  const listId = await newList(owner.page, 'Pictures', [
    { title: 'No picture', price: '5' },
    { title: 'Broken picture', price: '6', imageUrl: 'http://127.0.0.1:9/missing.png' },
  ]);
  const { page } = owner;
  await page.goto(`/wishlist/${listId}`);
  for (const title of ['No picture', 'Broken picture']) {
    await expect(itemCard(page, title).locator('.ww-item-thumb-placeholder')).toBeVisible();
    await expect(itemCard(page, title).locator('img')).toHaveCount(0);
  }
  // The guest page comes server-rendered: a picture that failed before the page woke shows the placeholder too.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto(`/share/wishlist/${listId}`);
  await expect(guest.locator('.ww-item-card')).toHaveCount(2);
  for (const title of ['No picture', 'Broken picture']) {
    await expect(itemCard(guest, title).locator('.ww-item-thumb-placeholder')).toBeVisible();
    await expect(itemCard(guest, title).locator('img')).toHaveCount(0);
  }
  await owner.context.close();
});

test('on a server without SMTP, Share via Email says so before anyone types', async ({ browser }) => {
  await withMaillessServer(async (base) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await apiCall(page, 'POST', '/users/register', { name: 'Mo', email: uniqueEmail('mo'), password: 'correct horse battery', domain: '127.0.0.1' });
    const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'No mail here', theme: 'Other' });
    await page.goto(`/wishlist/${list._id}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const entry = page.getByRole('menuitem', { name: /Share via Email/ });
    await expect(entry).toContainText('This server cannot send e-mail. Use Copy Link and send the link yourself.');
    await expect(entry).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('menuitem', { name: 'Copy Link', exact: true })).toBeVisible();
    await context.close();
  });
});

test("dates follow the viewer's locale", async ({ browser }) => {
  const owner = await signedInPage(browser, 'Lena');
  const list = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Spring party', theme: 'Other', eventDate: '2027-03-14' });
  for (const [locale, text] of [['en-GB', '14 March 2027'], ['en-US', 'March 14, 2027'], ['de-DE', '14. März 2027']] as const) {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`/share/wishlist/${list._id}`);
    await expect(page.locator('.ww-cover-banner')).toContainText(text);
    await context.close();
  }
  await owner.context.close();
});

test('the dashboard marks a list an admin disabled and one that expired: guests can no longer open either', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Dora');
  const live = await newList(owner.page, 'Open house');
  const disabled = await newList(owner.page, 'Turned off');
  const expired = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Last winter', theme: 'Birthday', expiresAt: '2020-01-01T00:00:00.000Z' });
  const admin = await browser.newPage();
  await signInByApi(admin, E2E_ADMIN, null);
  await apiCall(admin, 'PUT', `/wishlists/${disabled}/toggle-disable`);

  await owner.page.goto('/dashboard');
  const card = (name: string) => owner.page.locator('.ww-list-card').filter({ hasText: name });
  await expect(card('Turned off')).toContainText('Disabled by an admin: guests cannot open it');
  await expect(card('Last winter')).toContainText('Expired: guests can no longer open it');
  await expect(card('Open house')).not.toContainText('guests');
  const guest = await browser.newPage();
  for (const id of [disabled, expired._id]) expect((await guest.goto(`/share/wishlist/${id}`))?.status()).toBe(404);
  expect((await guest.goto(`/share/wishlist/${live}`))?.status()).toBe(200);
});

test('saving an item another tab deleted closes the dialog, says so and shows the list as it is', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Ida');
  const listId = await newList(owner.page, 'Kitchen', [{ title: 'Kettle' }, { title: 'Toaster' }]);
  await owner.page.goto(`/wishlist/${listId}`);
  await itemCard(owner.page, 'Kettle').getByRole('button', { name: 'Actions for Kettle' }).click();
  await owner.page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = owner.page.getByRole('dialog', { name: 'Edit Item' });
  await dialog.getByLabel('Title').first().fill('Electric kettle');
  // Meanwhile, in another tab: the Kettle is deleted and a Blender added.
  const list = await apiCall<{ items: { _id: string; title: string }[] }>(owner.page, 'GET', `/wishlists/${listId}`);
  await apiCall(owner.page, 'DELETE', `/wishlists/${listId}/items/${list.items.find((item) => item.title === 'Kettle')!._id}`);
  await apiCall(owner.page, 'POST', `/wishlists/${listId}/items`, { title: 'Blender' });

  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(owner.page.getByText('This item was removed from the list meanwhile (in another tab or by an editor), so nothing was saved.')).toBeVisible();
  await expect(itemTitles(owner.page)).toHaveText(['Toaster', 'Blender']);
});
