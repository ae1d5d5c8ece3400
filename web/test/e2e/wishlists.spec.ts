import { expect, test, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { E2E_ADMIN, uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { waitForMail } from './support/mail';
import { moveHandle } from './support/hydration';
import { createGuestListFromLanding, itemCard, PASSWORD, signedInPage } from './support/people';

// Wish list pages end to end: guest lists and claiming, the owner page, the guest view with
// purchases, pagination and editors. Two browser contexts stand for two people.

// The stories below are long; CI machines are slow.
test.describe.configure({ timeout: 120_000 });

async function addItemByHand(page: Page, item: { title: string; price: string; quantity?: number }) {
  await page.getByLabel('Add an item').fill(item.title);
  await page.getByRole('button', { name: 'Add Item' }).click();
  const form = page.getByRole('dialog', { name: 'Add Item' });
  await expect(form.getByLabel('Title')).toHaveValue(item.title);
  await form.getByLabel('Price').fill(item.price);
  if (item.quantity) await form.getByLabel('Quantity').fill(String(item.quantity));
  await form.getByRole('button', { name: 'Add Item' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('heading', { name: item.title })).toBeVisible();
}

const itemTitles = (page: Page) => page.locator('.ww-item-card .ww-item-title');

test('a guest list is made, claimed, shared, bought from and re-listed', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const owner = await ownerContext.newPage();

  // A visitor creates a list from the landing page; the browser remembers it.
  const listId = await createGuestListFromLanding(owner);
  expect(await owner.evaluate(() => JSON.parse(localStorage.getItem('guestWishlists') ?? '[]'))).toContain(listId);
  await expect(owner.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/register?claimList=${listId}`);

  // An empty Add Item box opens a blank form.
  await owner.getByRole('button', { name: 'Add Item' }).click();
  const blankForm = owner.getByRole('dialog', { name: 'Add Item' });
  await expect(blankForm.getByLabel('Title')).toHaveValue('');
  await expect(blankForm.getByLabel('Quantity')).toHaveValue('1');
  await expect(blankForm.getByLabel('Priority')).toHaveValue('Medium');
  await blankForm.getByRole('button', { name: 'Cancel' }).click();

  await addItemByHand(owner, { title: 'Teddy bear', price: '15' });
  await addItemByHand(owner, { title: 'Board game', price: '35', quantity: 3 });
  await addItemByHand(owner, { title: 'Bicycle', price: '120' });
  await expect(itemCard(owner, 'Bicycle')).toContainText('£120.00');

  // Signing up from the banner claims the list: it is on the dashboard.
  await owner.getByRole('link', { name: 'Sign Up' }).click();
  await expect(owner).toHaveURL(new RegExp(`/register\\?claimList=${listId}$`));
  await owner.getByLabel('Name').fill('Olivia');
  await owner.getByLabel('Email Address').fill(uniqueEmail('olivia'));
  await owner.getByLabel('Password').fill(PASSWORD);
  await owner.getByRole('button', { name: 'Create Account' }).click();
  await expect(owner).toHaveURL(/\/dashboard$/);
  const card = owner.locator('.ww-list-card', { hasText: 'My New Wishlist' });
  await expect(card).toContainText('3 items');

  // Copy Link puts the share address on the clipboard.
  await card.getByRole('button', { name: 'Actions for My New Wishlist' }).click();
  await owner.getByRole('menuitem', { name: 'Copy Link' }).click();
  await expect(owner.getByText('Link copied to clipboard!')).toBeVisible();
  const shareUrl = await owner.evaluate(() => navigator.clipboard.readText());
  expect(shareUrl).toMatch(new RegExp(`/share/wishlist/${listId}$`));

  // Share on WhatsApp opens WhatsApp's share page with the link (answered locally: no internet here).
  await ownerContext.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: 'WhatsApp' }));
  await card.getByRole('button', { name: 'Actions for My New Wishlist' }).click();
  const whatsApp = ownerContext.waitForEvent('page');
  await owner.getByRole('menuitem', { name: 'Share on WhatsApp' }).click();
  const whatsAppPage = await whatsApp;
  await whatsAppPage.waitForURL(/^https:\/\/wa\.me\//);
  expect(new URL(whatsAppPage.url()).searchParams.get('text')).toContain(shareUrl);
  await whatsAppPage.close();

  // A guest in another browser filters by price, sorts, and buys all three board games.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(shareUrl);
  await expect(guest.getByRole('heading', { level: 1, name: "Olivia's Wishlist" })).toBeVisible();
  await expect(itemTitles(guest)).toHaveCount(3);
  await expect(guest.getByText('Price: £0 – £150+')).toBeVisible();
  await moveHandle(guest.getByRole('slider', { name: 'Highest price' }), 50);
  await expect(guest.getByText('Price: £0 – £50')).toBeVisible();
  await expect(itemTitles(guest)).toHaveText(['Teddy bear', 'Board game']);
  await moveHandle(guest.getByRole('slider', { name: 'Highest price' }), 150);
  await guest.getByText('Sort by price').click();
  await expect(itemTitles(guest)).toHaveText(['Teddy bear', 'Board game', 'Bicycle']);

  await itemCard(guest, 'Board game').getByRole('button', { name: 'Mark as Purchased' }).click();
  const purchase = guest.getByRole('dialog', { name: 'Mark as Purchased' });
  await purchase.getByLabel(/Your name/).fill('Aunt May');
  await purchase.getByLabel('Quantity').fill('3');
  await purchase.getByRole('button', { name: 'Mark as Purchased' }).click();
  await expect(itemTitles(guest)).toHaveText(['Teddy bear', 'Bicycle']);

  // A single wanted item has no quantity field.
  await itemCard(guest, 'Teddy bear').getByRole('button', { name: 'Mark as Purchased' }).click();
  await expect(purchase.getByLabel(/Your name/)).toBeVisible();
  await expect(purchase.getByLabel('Quantity')).toHaveCount(0);
  await purchase.getByRole('button', { name: 'Cancel' }).click();

  // The owner sees the purchase only with Show Purchased, then re-lists it.
  await card.getByRole('link').click();
  await expect(owner.getByRole('heading', { name: 'Teddy bear' })).toBeVisible();
  await expect(itemCard(owner, 'Board game')).toHaveCount(0);
  await owner.getByText('Show Purchased', { exact: true }).click();
  const bought = itemCard(owner, 'Board game');
  await expect(bought.getByText('Purchased by Aunt May')).toBeVisible();
  await expect(bought.locator('.ww-item-title')).toHaveCSS('text-decoration-line', 'line-through');
  await owner.getByRole('button', { name: 'Edit List' }).click();
  await expect(owner.getByRole('dialog', { name: 'Edit Wishlist' })).toContainText('already been marked as purchased');
  await owner.getByRole('dialog', { name: 'Edit Wishlist' }).getByRole('button', { name: 'Cancel' }).click();
  await bought.getByRole('button', { name: 'Re-list' }).click();
  await expect(owner.getByText('Item has been re-listed.')).toBeVisible();
  await expect(bought.getByText('Purchased by Aunt May')).toHaveCount(0);

  await guest.reload();
  await expect(itemCard(guest, 'Board game')).toContainText('3 of 3 still wanted');
  await ownerContext.close();
  await guestContext.close();
});

test('eleven items page at ten, for the owner and for guests', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const listId = await createGuestListFromLanding(page);
  for (let n = 1; n <= 11; n++) await apiCall(page, 'POST', `/wishlists/${listId}/items`, { title: `Gift ${n}`, price: String(n) });
  await page.reload();
  await expect(itemTitles(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(itemTitles(page)).toHaveCount(1);

  await page.goto(`/share/wishlist/${listId}`);
  await expect(itemTitles(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(itemTitles(page)).toHaveCount(1);

  // Both pages fit a 375px phone without sideways scrolling.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const path of [`/wishlist/${listId}`, `/share/wishlist/${listId}`]) {
    await page.goto(path);
    await expect(itemTitles(page)).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  }
  await context.close();
});

test('an editor edits a shared list but cannot manage editors; strangers get the guest view', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Oscar');
  const editor = await signedInPage(browser, 'Edith');
  const list = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Wedding gifts', theme: 'Wedding' });

  // The owner invites the editor from the card's Edit dialog; the editor accepts from the mailed link.
  await owner.page.goto('/dashboard');
  await owner.page.getByRole('button', { name: 'Actions for Wedding gifts' }).click();
  await owner.page.getByRole('menuitem', { name: 'Edit' }).click();
  const ownerDialog = owner.page.getByRole('dialog', { name: 'Edit Wishlist' });
  await expect(ownerDialog.getByRole('heading', { name: 'Manage Editors' })).toBeVisible();
  await ownerDialog.getByLabel("Editor's e-mail address").fill('not an address');
  await ownerDialog.getByRole('button', { name: 'Add Editor' }).click();
  await expect(owner.page.locator('.bp6-toast.bp6-intent-danger')).toContainText('Please enter a valid e-mail address.');
  await ownerDialog.getByLabel("Editor's e-mail address").fill(editor.email);
  await ownerDialog.getByRole('button', { name: 'Add Editor' }).click();
  await expect(owner.page.getByText(`Invitation sent to ${editor.email}`)).toBeVisible();
  await expect(ownerDialog.locator('.ww-editor-list li', { hasText: editor.email })).toContainText('invited, not yet accepted');
  await ownerDialog.getByRole('button', { name: 'Close' }).click(); // the toasts sit over the footer for a while

  const link = (await waitForMail(editor.email)).text.match(/http:\/\/\S+\/invitations\/[\w-]+/)![0];
  await editor.page.goto(link);
  await expect(editor.page.getByText('Oscar invited you to help edit the wishlist Wedding gifts.')).toBeVisible();
  await editor.page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(editor.page).toHaveURL(new RegExp(`/wishlist/${list._id}$`));
  await expect(editor.page.getByText('You can now edit Wedding gifts.')).toBeVisible();

  // The editor finds it on the dashboard as shared, edits it, and sees no Manage Editors or Delete.
  await editor.page.goto('/dashboard');
  const card = editor.page.locator('.ww-list-card', { hasText: 'Wedding gift' });
  await expect(card.getByText('Shared by Oscar')).toBeVisible();
  await card.getByRole('button', { name: 'Actions for Wedding gifts' }).click();
  await expect(editor.page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await editor.page.getByRole('menuitem', { name: 'Edit' }).click();
  const editorDialog = editor.page.getByRole('dialog', { name: 'Edit Wishlist' });
  await expect(editorDialog.getByLabel('Name')).toHaveValue('Wedding gifts');
  await expect(editorDialog.getByRole('heading', { name: 'Manage Editors' })).toHaveCount(0);
  await editorDialog.getByLabel('Name').fill('Wedding gift list');
  await editorDialog.getByRole('button', { name: 'Save' }).click();
  await expect(editor.page.getByText('Wishlist updated!')).toBeVisible();
  await card.getByRole('link').click();
  await expect(editor.page.getByRole('heading', { level: 1, name: 'Wedding gift list' })).toBeVisible();
  await addItemByHand(editor.page, { title: 'Toaster', price: '40' });

  // A web address that cannot be scraped (nothing listens there) opens the form with the address filled in.
  await editor.page.getByLabel('Add an item').fill('http://127.0.0.1:9/product/1');
  await editor.page.getByRole('button', { name: 'Add Item' }).click();
  await expect(editor.page.getByText('Scraping failed, please add details manually.')).toBeVisible();
  await expect(editor.page.getByRole('dialog', { name: 'Add Item' }).getByLabel('Product link')).toHaveValue('http://127.0.0.1:9/product/1');
  await editor.page.getByRole('dialog', { name: 'Add Item' }).getByRole('button', { name: 'Cancel' }).click();

  // A signed-in stranger and a signed-out visitor both land on the guest view.
  const stranger = await signedInPage(browser, 'Stan');
  await stranger.page.goto(`/wishlist/${list._id}`);
  await expect(stranger.page).toHaveURL(new RegExp(`/share/wishlist/${list._id}$`));
  await expect(stranger.page.getByRole('heading', { level: 1, name: "Oscar's Wishlist" })).toBeVisible();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/wishlist/${list._id}`);
  await expect(visitor).toHaveURL(new RegExp(`/share/wishlist/${list._id}$`));
  await expect(itemCard(visitor, 'Toaster')).toContainText('£40.00');

  // The owner removes the editor, then deletes the list; guests are told it cannot be found.
  await owner.page.reload();
  await owner.page.getByRole('button', { name: 'Actions for Wedding gift list' }).click();
  await owner.page.getByRole('menuitem', { name: 'Edit' }).click();
  await owner.page.getByRole('button', { name: `Remove ${editor.email}` }).click();
  await expect(owner.page.getByText('Editor removed!')).toBeVisible();
  await owner.page.getByRole('dialog', { name: 'Edit Wishlist' }).getByRole('button', { name: 'Close' }).click();
  await owner.page.getByRole('button', { name: 'Actions for Wedding gift list' }).click();
  await owner.page.getByRole('menuitem', { name: 'Delete' }).click();
  await owner.page.getByRole('button', { name: 'Delete' }).click();
  await expect(owner.page.getByText('Wishlist deleted!')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByText('Could not find this wishlist.')).toBeVisible();

  for (const context of [owner.context, editor.context, stranger.context, visitorContext]) await context.close();
});

test('someone without an account accepts an invitation by signing up from its link', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Ines');
  const list = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Housewarming', theme: 'Other' });
  const address = uniqueEmail('newcomer');
  await apiCall(owner.page, 'POST', `/wishlists/${list._id}/editors`, { email: address });
  const link = (await waitForMail(address)).text.match(/http:\/\/\S+\/invitations\/[\w-]+/)![0];
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByText('Ines invited you to help edit the wishlist Housewarming.')).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Name').fill('Nico Newcomer');
  await page.getByLabel('Email Address').fill(address);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(new RegExp(`/wishlist/${list._id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Housewarming' })).toBeVisible();

  // The link is used up: opening it again says so.
  await page.goto(link);
  await expect(page.getByText('This invitation is no longer valid.', { exact: false })).toBeVisible();
  for (const c of [owner.context, context]) await c.close();
});

// A 1x1 PNG, the smallest real image the upload accepts.
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('an owner creates lists, uploads a cover, shares by e-mail, edits, moves and copies items', async ({ browser }) => {
  const { context, page } = await signedInPage(browser, 'Maya');
  await page.goto('/dashboard');
  for (const name of ['Birthday list', 'Spare ideas']) {
    await page.getByRole('button', { name: 'Create Wishlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Wishlist' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Theme').selectOption('Birthday');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('.ww-list-card', { hasText: name })).toBeVisible();
  }

  // Cover upload: too large is refused in the browser; a real image is stored and shown.
  await page.getByRole('button', { name: 'Actions for Birthday list' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Wishlist' });
  // A file path, not a buffer: the browser reads it locally instead of receiving 10MB over the protocol.
  const hugeDir = mkdtempSync(join(tmpdir(), 'wishwell-e2e-upload-'));
  const hugeFile = join(hugeDir, 'huge.png');
  writeFileSync(hugeFile, '');
  truncateSync(hugeFile, 10 * 1024 * 1024 + 1);
  await edit.locator('input[type=file]').setInputFiles(hugeFile);
  await expect(page.getByText('Image cannot be larger than 10MB')).toBeVisible();
  rmSync(hugeDir, { recursive: true });
  await edit.locator('input[type=file]').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await expect(page.getByText('Image uploaded successfully')).toBeVisible();
  await edit.getByLabel('Colour set').selectOption('pastel');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Wishlist updated!')).toBeVisible();
  const card = page.locator('.ww-list-card', { hasText: 'Birthday list' });
  await expect(card.locator('img')).not.toHaveAttribute('src', /\/covers\//);

  // Share via Email from the card menu: one mail per recipient with the share link.
  const recipients = [uniqueEmail('gran'), uniqueEmail('grandad')];
  await card.getByRole('button', { name: 'Actions for Birthday list' }).click();
  await page.getByRole('menuitem', { name: 'Share via Email' }).click();
  const share = page.getByRole('dialog', { name: 'Share via Email' });
  await share.getByLabel('Recipients').fill(recipients.join(', '));
  await share.getByLabel('Message').fill('Ideas for my birthday');
  await share.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Email sent successfully!')).toBeVisible();
  await expect(share).toBeHidden();
  for (const recipient of recipients) {
    const mail = await waitForMail(recipient);
    expect(mail.text).toContain('Ideas for my birthday');
    expect(mail.text).toMatch(/\/share\/wishlist\/[\w-]+/);
  }

  // The list page wears the cover and the colour set; items are edited, copied and moved.
  await card.getByRole('link').click();
  await expect(page.locator('.ww-cover-banner')).toHaveCSS('height', '250px');
  await expect(page.locator('.ww-cover-banner')).toHaveCSS('background-image', /\/uploads?\//);
  await expect(page.locator('.ww-list-page')).toHaveClass(/ww-colors-pastel/);
  const listId = new URL(page.url()).pathname.split('/').pop()!;
  await apiCall(page, 'POST', `/wishlists/${listId}/items`, { title: 'Kite', price: 'Price not found', currency: 'USD' });
  await apiCall(page, 'POST', `/wishlists/${listId}/items`, { title: 'Puzzle', price: '18', currency: 'EUR' });
  await page.reload();
  await expect(itemCard(page, 'Puzzle')).toContainText('€18.00');

  await itemCard(page, 'Kite').getByRole('button', { name: 'Actions for Kite' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const itemForm = page.getByRole('dialog', { name: 'Edit Item' });
  await expect(itemForm.getByLabel('Price')).toHaveValue('');
  // An English reader's '1.250' could be either amount: refused, naming both; a comma decimal is read.
  await itemForm.getByLabel('Price').fill('1.250');
  await expect(itemForm).toContainText('“1.250” could mean 1250 or 1.25.');
  await expect(itemForm.getByRole('button', { name: 'Save' })).toBeDisabled();
  await itemForm.getByLabel('Price').fill('22,5');
  await itemForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item updated!')).toBeVisible();
  await expect(itemCard(page, 'Kite')).toContainText('$22.50');

  for (const action of ['Copy', 'Move'] as const) {
    await itemCard(page, 'Kite').getByRole('button', { name: 'Actions for Kite' }).click();
    await page.getByRole('menuitem', { name: 'Move/Copy Item' }).click();
    const moveCopy = page.getByRole('dialog', { name: 'Move/Copy Item' });
    await expect(moveCopy.getByLabel('Destination list')).toContainText('Spare ideas');
    await moveCopy.locator('label', { hasText: action }).click();
    await expect(moveCopy.getByLabel(action)).toBeChecked();
    await moveCopy.getByRole('button', { name: action }).click();
    await expect(page.getByText('Item successfully moved/copied!').first()).toBeVisible();
  }
  await expect(itemCard(page, 'Kite')).toHaveCount(0);

  await itemCard(page, 'Puzzle').getByRole('button', { name: 'Actions for Puzzle' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Item deleted!')).toBeVisible();
  await expect(itemCard(page, 'Puzzle')).toHaveCount(0);

  // An expired list tells its owner why guests cannot open it; guests are told it cannot be found.
  await page.getByRole('button', { name: 'Edit List' }).click();
  await page.getByRole('dialog', { name: 'Edit Wishlist' }).getByLabel('Expires on').fill('2020-01-31');
  await page.getByRole('dialog', { name: 'Edit Wishlist' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This list expired on 31 January 2020')).toBeVisible();
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/share/wishlist/${listId}`);
  await expect(guest.getByText('Could not find this wishlist.')).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.locator('.ww-list-card', { hasText: 'Spare ideas' })).toContainText('2 items');
  await context.close();
  await guestContext.close();
});

test('guests are told when everything has been purchased', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const listId = await createGuestListFromLanding(owner);
  await apiCall(owner, 'POST', `/wishlists/${listId}/items`, { title: 'Only gift', price: '10' });
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/share/wishlist/${listId}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'My New Wishlist' })).toBeVisible();
  await itemCard(guest, 'Only gift').getByRole('button', { name: 'Mark as Purchased' }).click();
  await guest.getByRole('dialog', { name: 'Mark as Purchased' }).getByRole('button', { name: 'Mark as Purchased' }).click();
  await expect(guest.getByText('Everything on this list has been purchased!')).toBeVisible();

  await owner.reload();
  await owner.getByText('Show Purchased', { exact: true }).click();
  await expect(itemCard(owner, 'Only gift').getByText('Purchased by Anonymous')).toBeVisible();

  // Sending mail needs an account: a guest owner shares by link or WhatsApp only.
  await owner.getByRole('button', { name: 'Share' }).click();
  await expect(owner.getByRole('menuitem', { name: 'Copy Link' })).toBeVisible();
  await expect(owner.getByRole('menuitem', { name: 'Share via Email' })).toHaveCount(0);
  await ownerContext.close();
  await guestContext.close();
});

/** A tiny shop on 127.0.0.1 (the e2e server may scrape it): a product page and a page without details. */
async function startShop(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Wooden train set', description: 'Forty-piece beech train set with a figure-of-eight track, bridge and station, painted with water-based colours. Suitable from three years; every piece is sanded smooth and sized for small hands.', offers: { '@type': 'Offer', price: '25.00', priceCurrency: 'GBP' } };
  const pages: Record<string, string> = {
    '/train': `<!doctype html><html><head><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><h1>Wooden train set</h1></body></html>`,
    '/blank': '<!doctype html><html><head></head><body><p></p></body></html>',
  };
  const server = createServer((request, response) => {
    const page = pages[request.url ?? ''];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('the Add Item box scrapes links, and group gifts are offered only for shops with a gift card', async ({ browser }) => {
  const shop = await startShop();
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await apiCall(adminPage, 'POST', '/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
  const giftShop = `giftshop-${Date.now().toString(36)}.test`;
  const rule = await apiCall<{ _id: string }>(adminPage, 'POST', '/referral-rules', {
    matcher: giftShop,
    programName: 'Gift Shop',
    giftCardUrl: `https://${giftShop}/gift-cards?tag={TAG}`,
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await createGuestListFromLanding(page);

    await page.getByLabel('Add an item').fill(`${shop.origin}/train`);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('dialog', { name: 'Add Item' });
    await expect(form.getByLabel('Title')).toHaveValue('Wooden train set');
    await expect(form.getByLabel('Price')).toHaveValue('25.00');
    await expect(form.getByLabel('Product link')).toHaveValue(`${shop.origin}/train`);
    // The shop's description goes to its own field; Notes stay the owner's.
    await expect(form.getByLabel('Description')).toHaveValue(/^Forty-piece beech train set/);
    await expect(form.getByLabel('Notes')).toHaveValue('');
    await expect(form.getByText(/Group gift/)).toHaveCount(0);
    await form.getByLabel('Product link').fill(`https://www.${giftShop}/toys/42`);
    await expect(form.getByText(/Group gift/)).toBeVisible();
    await form.getByText(/Group gift/).click();
    await form.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Item added!')).toBeVisible();
    await expect(itemCard(page, 'Wooden train set')).toContainText('Group gift');
    // Shown clamped to three lines at phone width, with 'more' to read the rest.
    await page.setViewportSize({ width: 390, height: 844 });
    const description = itemCard(page, 'Wooden train set').locator('.ww-item-description p');
    const folded = (await description.boundingBox())!.height;
    await itemCard(page, 'Wooden train set').getByRole('button', { name: 'more' }).click();
    await expect(itemCard(page, 'Wooden train set').getByRole('button', { name: 'less' })).toBeVisible();
    expect((await description.boundingBox())!.height).toBeGreaterThan(folded);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByLabel('Add an item').fill(`${shop.origin}/blank`);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Could not find all details, please complete them manually.')).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveValue('');
    await expect(form.getByLabel('Product link')).toHaveValue(`${shop.origin}/blank`);
  } finally {
    await apiCall(adminPage, 'DELETE', `/referral-rules/${rule._id}`);
    await shop.stop();
    await admin.close();
    await context.close();
  }
});
