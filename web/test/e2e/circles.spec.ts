import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import type { Circle } from '@wishwell/shared/circle-types';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { waitForMail } from './support/mail';
import { PASSWORD, signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// A gift circle walked through as its two members: Ann makes it and passes the invite link on,
// Ben joins by it and shows the circle his list, Ann suggests an idea and reserves an item on it,
// and Ben, the list's owner, sees neither. At 1280 px in English (light) and 390 px in German (dark).
// On a phone, Ann invites someone by e-mail who has no account: they register from the mailed link
// and land in the circle.

test.describe.configure({ timeout: 120_000 });

const shot = (page: Page, name: string) => keepScreenshot(page, `${name}.png`, { fullPage: true });

async function people(browser: Browser, options: BrowserContextOptions) {
  const ann = await signedInPage(browser, 'Ann', options);
  const ben = await signedInPage(browser, 'Ben', options);
  const list = await apiCall<Wishlist>(ben.page, 'POST', '/wishlists', { name: "Ben's Birthday", eventDate: '2020-03-14', isRecurring: true });
  await apiCall(ben.page, 'POST', `/wishlists/${list._id}/items`, { title: 'Bike', price: '200' });
  await apiCall(ben.page, 'POST', `/wishlists/${list._id}/items`, { title: 'Book', price: '12' });
  return { ann: ann.page, ben: ben.page, list, close: () => Promise.all([ann.context.close(), ben.context.close()]) };
}

test('create a circle, join by link, share a list; a member suggests and reserves, the owner sees neither (1280 px, light)', async ({ browser }) => {
  const { ann, ben, list, close } = await people(browser, { viewport: { width: 1280, height: 900 } });

  await ann.goto('/dashboard');
  await ann.getByRole('button', { name: 'Circles' }).click();
  await expect(ann.getByRole('heading', { level: 1, name: 'Circles' })).toBeVisible();
  await ann.getByLabel('Circle name').fill('Family');
  await ann.getByRole('button', { name: 'Create Circle' }).click();
  await expect(ann.getByRole('heading', { level: 1, name: 'Family' })).toBeVisible();
  const link = await ann.getByLabel('Invite link').inputValue();
  expect(link).toMatch(/\/circles\/join\/[\w-]+$/);
  await shot(ann, 'creator-new-circle');

  await ben.goto(link);
  await expect(ben.getByText('Ann invited you to the gift circle Family (1 in it so far).')).toBeVisible();
  await ben.getByRole('button', { name: 'Join Circle' }).click();
  await expect(ben.getByRole('heading', { level: 1, name: 'Family' })).toBeVisible();
  await ben.locator('label', { hasText: "Ben's Birthday" }).click();
  await ben.getByRole('button', { name: 'Save' }).click();
  await expect(ben.getByText('Your list: whatever the others reserve or suggest for you stays a surprise.')).toBeVisible();

  await ann.reload();
  const bens = ann.getByRole('region', { name: "Ben's Birthday" });
  await expect(bens.getByText('Bike')).toBeVisible();
  await bens.getByLabel('A gift idea for them').fill('Kite');
  await bens.getByRole('button', { name: 'Suggest' }).click();
  await expect(bens.getByTestId('circle-suggestion')).toContainText('Kite');
  await expect(bens.getByTestId('circle-suggestion')).toContainText('suggested by Ann');
  await bens.getByTestId('circle-item').filter({ hasText: 'Bike' }).getByRole('button', { name: 'Reserve' }).click();
  await expect(bens.getByTestId('circle-item').filter({ hasText: 'Bike' })).toContainText('reserved by Ann');
  await shot(ann, 'member-view');

  // Ben, the owner: nothing of either on the circle page or his own list.
  await ben.reload();
  await expect(ben.getByText('Your list: whatever the others reserve or suggest for you stays a surprise.')).toBeVisible();
  await expect(ben.getByText('Kite')).toHaveCount(0);
  await expect(ben.getByText(/reserved by/)).toHaveCount(0);
  await shot(ben, 'owner-circle-view');
  await ben.goto(`/wishlist/${list._id}`);
  await expect(ben.getByRole('heading', { level: 1, name: "Ben's Birthday" })).toBeVisible();
  await expect(ben.getByText('Kite')).toHaveCount(0);
  // Unless he asks to see ideas (Edit List): then the kite, never that Ann reserved it.
  await ben.getByRole('button', { name: 'Edit List' }).click();
  await ben.getByText(/^Show me gift ideas others suggest for this list/).click();
  await ben.getByRole('button', { name: 'Save' }).click();
  await expect(ben.locator('.ww-owner-suggestions')).toContainText('Kite');
  await expect(ben.locator('.ww-owner-suggestions ul')).not.toContainText('reserved');
  await shot(ben, 'owner-shows-suggestions');

  // The link is only shown when made (the server keeps its hash); Ann renames the circle.
  await ann.reload();
  await expect(ann.getByLabel('Invite link')).toHaveCount(0);
  await expect(ann.getByText(/the invite link is shown only when it is made/)).toBeVisible();
  await ann.getByLabel('Circle name').fill('The Family');
  await ann.getByRole('button', { name: 'Rename' }).click();
  await expect(ann.getByRole('heading', { level: 1, name: 'The Family' })).toBeVisible();
  await ann.getByRole('button', { name: 'Make a New Link' }).click();
  await expect(ann.getByLabel('Invite link')).not.toHaveValue(link);
  await shot(ann, 'creator-renamed-new-link');
  await close();
});

test('the same circle on a phone, in German and dark', async ({ browser }) => {
  const options: BrowserContextOptions = { viewport: { width: 390, height: 844 }, locale: 'de-DE', colorScheme: 'dark' };
  const { ann, ben, list, close } = await people(browser, options);
  const circle = await apiCall<Circle>(ann, 'POST', '/circles', { name: 'Familie' });
  await apiCall(ben, 'POST', `/circles/join/${circle.inviteLink!.split('/').pop()}`);
  await apiCall(ben, 'PUT', `/circles/${circle._id}/lists`, { wishlistIds: [list._id] });

  await ann.goto(`/circles/${circle._id}`);
  const bens = ann.getByRole('region', { name: "Ben's Birthday" });
  await bens.getByLabel('Eine Geschenkidee').fill('Drachen');
  await bens.getByRole('button', { name: 'Vorschlagen' }).click();
  await expect(bens.getByTestId('circle-suggestion')).toContainText('vorgeschlagen von Ann');
  await bens.getByTestId('circle-item').filter({ hasText: 'Bike' }).getByRole('button', { name: 'Reservieren' }).click();
  await expect(bens.getByTestId('circle-item').filter({ hasText: 'Bike' })).toContainText('reserviert von Ann');
  const overflow = await ann.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shot(ann, 'member-view-phone-de-dark');

  await ben.goto(`/circles/${circle._id}`);
  await expect(ben.getByText('Deine Liste: Was die anderen für dich reservieren oder vorschlagen, bleibt eine Überraschung.')).toBeVisible();
  await expect(ben.getByText('Drachen')).toHaveCount(0);
  await shot(ben, 'owner-circle-view-phone-de-dark');
  await close();
});

test('invites by e-mail on a phone; someone without an account registers from the mailed link and lands in the circle', async ({ browser }) => {
  const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 } };
  const { context: annContext, page: ann } = await signedInPage(browser, 'Ann', phone);
  const circle = await apiCall<Circle>(ann, 'POST', '/circles', { name: 'Book Club' });
  const address = uniqueEmail('carla');

  await ann.goto(`/circles/${circle._id}`);
  await ann.getByRole('textbox', { name: 'E-mail address to invite' }).fill(address);
  await ann.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(ann.getByText('Invitation sent.')).toBeVisible();
  const link = (await waitForMail(address, 30_000)).text.match(/http:\/\/\S+\/circles\/join\/[\w-]+/)![0];

  const carlaContext = await browser.newContext(phone);
  const carla = await carlaContext.newPage();
  await carla.goto(link);
  await expect(carla.getByText('Ann invited you to the gift circle Book Club (1 in it so far).')).toBeVisible();
  await carla.getByRole('button', { name: 'Create an account' }).click();
  await carla.getByLabel('Name').fill('Carla');
  await carla.getByLabel('Email Address').fill(address);
  await carla.getByLabel('Password').fill(PASSWORD);
  await carla.getByRole('button', { name: 'Create Account' }).click();
  await expect(carla).toHaveURL(new RegExp(`/circles/${circle._id}$`));
  await expect(carla.getByRole('heading', { level: 2, name: 'Carla (you)' })).toBeVisible();
  await shot(carla, 'joined-by-mail-390');

  await ann.reload();
  await expect(ann.getByRole('heading', { level: 2, name: 'Carla' })).toBeVisible();
  await annContext.close();
  await carlaContext.close();
});
