import { expect, test, type Page } from '@playwright/test';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';
import { uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { holdAppScript } from './support/hydration';
import { waitForMail } from './support/mail';
import { signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// The bell and the notifications page, and following a list from its share page.

test.describe.configure({ timeout: 90_000 });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });

test('the bell counts unread notifications; the page lists them and marks one or all read (1280 and 390 px)', async ({ browser }) => {
  const { context: ownerContext, page: owner } = await signedInPage(browser, 'Olive');
  const { context: guestContext, page: guest } = await signedInPage(browser, 'Gina');
  const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists', { name: 'Birthday' });
  const items: Item[] = [];
  for (const title of ['Bike', 'Book', 'Lamp']) items.push(await apiCall<Item>(owner, 'POST', `/wishlists/${list._id}/items`, { title }));
  // Gina reserves all three while signed in; Olive removes one and lists another again.
  for (const item of items) await apiCall(guest, 'PUT', `/wishlists/share/${list._id}/items/${item._id}`, { quantityPurchased: 1, purchasedBy: 'Gina' });
  await apiCall(owner, 'DELETE', `/wishlists/${list._id}/items/${items[0]!._id}`);
  await apiCall(owner, 'PUT', `/wishlists/${list._id}/items/${items[1]!._id}/unpurchase`);

  await guest.goto('/dashboard');
  await expect(bell(guest)).toHaveAccessibleName('Notifications (2 unread)');
  await expect(guest.locator('.ww-bell-count')).toHaveText('2');
  await keepScreenshot(guest, 'bell-1280.png');
  await bell(guest).click();
  await expect(guest).toHaveURL(/\/notifications$/);
  const entries = guest.getByTestId('notification');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('"Book", which you reserved on "Birthday", is wanted again');
  await expect(entries.nth(1)).toContainText('"Bike", which you reserved, was removed from "Birthday"');
  await keepScreenshot(guest, 'notifications-1280.png', { fullPage: true });

  await entries.nth(0).getByRole('button', { name: 'Mark as read' }).click();
  await expect(entries.nth(0).getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(bell(guest)).toHaveAccessibleName('Notifications (1 unread)');

  await guest.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(guest, 'notifications-390.png', { fullPage: true });
  await guest.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(guest)).toHaveAccessibleName('Notifications (0 unread)');
  await expect(guest.locator('.ww-bell-count')).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  // The owner's bell knows nothing of Gina's notifications.
  await owner.goto('/dashboard');
  await expect(bell(owner)).toHaveAccessibleName('Notifications (0 unread)');
  await ownerContext.close();
  await guestContext.close();
});

test('a visitor follows by e-mail, an account in one click; the owner sees how many follow', async ({ browser }) => {
  const { context: ownerContext, page: owner } = await signedInPage(browser, 'Otto');
  const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists', { name: 'Wedding' });
  await apiCall(owner, 'POST', `/wishlists/${list._id}/items`, { title: 'Teapot' });

  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/share/wishlist/${list._id}`);
  await visitor.getByRole('textbox', { name: 'Your e-mail address' }).fill('follower@example.com');
  await visitor.getByRole('button', { name: 'Follow' }).click();
  await expect(visitor.getByRole('status')).toContainText('open the link we sent to follower@example.com');
  await keepScreenshot(visitor, 'follow-by-email-390.png', { fullPage: true });

  // A signed-in visitor on a slow phone taps Follow before the page is hydrated: the page (rendered
  // for anyone) shows the e-mail form's button; once the script is in, the account follows.
  const { context: fanContext, page: fan } = await signedInPage(browser, 'Fay', { colorScheme: 'dark' });
  const deliverScript = await holdAppScript(fan);
  await fan.goto(`/share/wishlist/${list._id}`, { waitUntil: 'commit' });
  await fan.getByRole('button', { name: 'Follow' }).click();
  deliverScript();
  await expect(fan.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  await keepScreenshot(fan, 'following-dark-1280.png');

  // Only the confirmed follow counts (the visitor has not opened the mail's link).
  await owner.goto(`/wishlist/${list._id}`);
  await expect(owner.getByText('1 person follows this list')).toBeVisible();
  await fan.getByRole('button', { name: 'Following' }).click();
  await expect(fan.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
  await owner.reload();
  await expect(owner.getByRole('heading', { level: 1, name: 'Wedding' })).toBeVisible();
  await expect(owner.getByText(/follows? this list/)).toHaveCount(0);
  await ownerContext.close();
  await visitorContext.close();
  await fanContext.close();
});

test("the confirmation mail's link confirms; the follower's page chooses the digest and unsubscribes (German, 390 px)", async ({ browser }) => {
  const fan = uniqueEmail('fan');
  const { context: ownerContext, page: owner } = await signedInPage(browser, 'Uli');
  const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists', { name: 'Geburtstag' });
  const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  // On a slow phone: the address typed and Folgen tapped before the page hydrates are kept.
  const deliverScript = await holdAppScript(visitor);
  await visitor.goto(`/share/wishlist/${list._id}`, { waitUntil: 'commit' });
  await visitor.getByRole('textbox', { name: 'Deine E-Mail-Adresse' }).fill(fan);
  await visitor.getByRole('button', { name: 'Folgen' }).click();
  deliverScript();
  await expect(visitor.getByRole('status')).toContainText(fan);
  const mail = await waitForMail(fan);
  const link = mail.text.match(/http:\/\/\S+\/follow\/[\w-]+\?confirm=1/)![0];

  await visitor.goto(new URL(link).pathname + new URL(link).search);
  await expect(visitor.getByRole('status')).toHaveText(`${fan} folgt „Geburtstag“.`);
  await visitor.getByText('Täglich', { exact: true }).click();
  await expect(visitor.getByRole('radio', { name: 'Täglich' })).toBeChecked();
  await visitor.getByRole('button', { name: 'Speichern' }).click();
  await expect(visitor.getByText('Gespeichert.')).toBeVisible();
  await keepScreenshot(visitor, 'follower-page-de-390.png', { fullPage: true });
  await owner.goto(`/wishlist/${list._id}`);
  await expect(owner.getByText('1 person follows this list')).toBeVisible();

  await visitor.getByRole('button', { name: 'Abmelden' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Du bist abgemeldet: Du bekommst zu dieser Liste keine E-Mails mehr.');
  await owner.reload();
  await expect(owner.getByRole('heading', { level: 1, name: 'Geburtstag' })).toBeVisible();
  await expect(owner.getByText(/follows? this list/)).toHaveCount(0);
  await context.close();
  await ownerContext.close();
});
