import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './support/api';
import { E2E_ADMIN, uniqueEmail } from './support/accounts';
import { holdAppScript } from './support/hydration';
import { withMaillessServer } from './support/mailless-server';
import { itemCard, PASSWORD, signedInPage } from './support/people';

// Issue 36: what the screens promise about mail and accounts is what happens.

test.describe.configure({ timeout: 120_000 });

async function listWithKite(page: Page, name: string): Promise<string> {
  const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name, theme: 'Birthday' });
  await apiCall(page, 'POST', `/wishlists/${list._id}/items`, { title: 'Kite', price: '12' });
  return list._id;
}

async function openEditors(page: Page, listId: string) {
  await page.goto(`/wishlist/${listId}`);
  await page.getByRole('button', { name: 'Edit List' }).click();
  return page.getByRole('dialog', { name: 'Edit Wishlist' });
}

test('an owner cannot invite herself; a signed-in buyer starts from their own name and address, not Anonymous', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Olive');
  const listId = await listWithKite(owner.page, 'Olive turns 30');
  const dialog = await openEditors(owner.page, listId);
  await dialog.getByLabel("Editor's e-mail address").fill(owner.email);
  await dialog.getByRole('button', { name: 'Add Editor' }).click();
  await expect(owner.page.locator('.bp6-toast.bp6-intent-danger')).toContainText('You own this wishlist already: invite someone else to edit it with you.');
  await expect(dialog.locator('.ww-editor-list li')).toHaveCount(0);

  const buyer = await signedInPage(browser, 'Bruno');
  await buyer.page.goto(`/share/wishlist/${listId}`);
  await itemCard(buyer.page, 'Kite').getByRole('button', { name: 'Mark as Purchased' }).click();
  const purchase = buyer.page.getByRole('dialog', { name: 'Mark as Purchased' });
  await expect(purchase.getByLabel(/Your name/)).toHaveValue('Bruno');
  await expect(purchase.getByLabel(/Your e-mail/)).toHaveValue(buyer.email);
  await purchase.getByRole('button', { name: 'Mark as Purchased' }).click();
  await expect(purchase).toBeHidden();
  const [mine] = await apiCall<{ name: string; item: { title: string } }[]>(buyer.page, 'GET', '/reservations');
  expect(mine).toMatchObject({ name: 'Bruno', item: { title: 'Kite' } });
  await owner.context.close();
  await buyer.context.close();
});

test('on a server without SMTP, an invitation gives the owner its link, and buyers are offered no mail', async ({ browser }) => {
  await withMaillessServer(async (base) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await apiCall(page, 'POST', '/users/register', { name: 'Mo', email: uniqueEmail('mo'), password: PASSWORD, domain: '127.0.0.1' });
    const listId = await listWithKite(page, 'No mail here');

    const dialog = await openEditors(page, listId);
    await expect(dialog.getByText('This server cannot send e-mail: you get a link to send them yourself.', { exact: false })).toBeVisible();
    await dialog.getByLabel("Editor's e-mail address").fill('friend@example.com');
    await dialog.getByRole('button', { name: 'Add Editor' }).click();
    const note = dialog.locator('.ww-invitation-link');
    await expect(note).toContainText('No e-mail was sent to friend@example.com');
    await expect(note.getByLabel('Invitation link')).toHaveValue(new RegExp(`^${base}/invitations/[\\w-]+$`));
    await expect(dialog.locator('.ww-editor-list li', { hasText: 'friend@example.com' })).toContainText('invited, not yet accepted');
    await expect(page.getByText('Invitation sent to friend@example.com')).toHaveCount(0);

    const guest = await browser.newContext({ baseURL: base });
    const guestPage = await guest.newPage();
    await guestPage.goto(`/share/wishlist/${listId}`);
    await itemCard(guestPage, 'Kite').getByRole('button', { name: 'Mark as Purchased' }).click();
    const purchase = guestPage.getByRole('dialog', { name: 'Mark as Purchased' });
    await expect(purchase.getByLabel(/Your name/)).toBeVisible();
    await expect(purchase.getByLabel(/Your e-mail/)).toHaveCount(0);
    await expect(purchase.getByText('send me a link to change this later')).toHaveCount(0);
    await guest.close();

    // Pledging signed in: the account's name, and no e-mail offered either.
    const adminContext = await browser.newContext({ baseURL: base });
    const admin = await adminContext.newPage();
    await apiCall(admin, 'POST', '/users/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
    await apiCall(admin, 'POST', '/referral-rules', { matcher: 'giftshop.test', programName: 'Gift Shop', giftCardUrl: 'https://giftshop.test/cards' });
    await adminContext.close();
    await apiCall(page, 'POST', `/wishlists/${listId}/items`, { title: 'Pram', price: '300', url: 'https://giftshop.test/pram', isGroupGift: true });
    await page.goto(`/share/wishlist/${listId}`);
    await itemCard(page, 'Pram').getByRole('button', { name: 'Pledge' }).click();
    const pledge = page.getByRole('dialog', { name: 'Pledge towards this gift' });
    await expect(pledge.getByLabel(/Your name/)).toHaveValue('Mo');
    await expect(pledge.getByLabel(/Your e-mail/)).toHaveCount(0);
    await context.close();
  });
});

test('on a server without SMTP, the share page is rendered without the follow box, so nothing below it moves once the page loads', async ({ browser }) => {
  await withMaillessServer(async (base) => {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
    const owner = await context.newPage();
    await apiCall(owner, 'POST', '/users/register', { name: 'Nia', email: uniqueEmail('nia'), password: PASSWORD, domain: '127.0.0.1' });
    const listId = await listWithKite(owner, 'Quiet list');

    const guest = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
    const page = await guest.newPage();
    const deliverScript = await holdAppScript(page);
    await page.goto(`/share/wishlist/${listId}`, { waitUntil: 'commit' });
    await expect(itemCard(page, 'Kite')).toBeVisible();
    const kiteTop = async () => (await itemCard(page, 'Kite').boundingBox())!.y;
    const before = await kiteTop();
    // As rendered by the server: no offer of mail it cannot send.
    await expect(page.getByRole('region', { name: 'Follow this list' })).toHaveCount(0);
    deliverScript();
    await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('.ww-item-card')!).some((key) => key.startsWith('__reactFiber')))).toBe(true);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('region', { name: 'Follow this list' })).toHaveCount(0);
    expect(await kiteTop()).toBe(before);
    await guest.close();
    await context.close();
  });
});
