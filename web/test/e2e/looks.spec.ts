import { expect, test, type Locator } from '@playwright/test';
import type { Circle } from '@wishwell/shared/circle-types';
import { E2E_ADMIN, signInByApi } from './support/accounts';
import { apiCall } from './support/api';
import { openAdminPage } from './support/admin';
import { onDialogEntry } from './support/dialog-history';
import { itemCard, signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// One look: a colour set has one accent, long texts (list names, item titles, notifications) can
// be read in full on a phone, the price slider stays inside its card in every language, the console
// marks its page in the brand's accent, an empty form does not look filled, every icon is drawn
// and prices are written the reader's way.

test.describe.configure({ timeout: 60_000 });

const LONG_TITLE = 'Handmade ceramic pour-over coffee set with two matching cups, a walnut stand and a spare filter in a gift box';
const BLUEPRINT_BLUE = 'rgb(33, 93, 176)';

const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);

test('a festive guest page on a phone in German: one accent, a folded description, long titles readable, the slider inside its card', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Olive');
  const list = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', {
    name: 'Weihnachten',
    theme: 'Christmas',
    colorSet: 'festive',
    description: 'Liebe Familie, hier ist meine Liste. '.repeat(40),
  });
  for (const [title, price] of [[LONG_TITLE, '45'], ['Schal', '1300']] as const) await apiCall(owner.page, 'POST', `/wishlists/${list._id}/items`, { title, price });

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: 'ww_lang', value: 'de', domain: '127.0.0.1', path: '/' }]);
  const guest = await context.newPage();
  await guest.goto(`/share/wishlist/${list._id}`);

  // The description stops after five lines until asked for.
  const description = guest.locator('.ww-list-description p');
  const lineHeight = await description.evaluate((p) => parseFloat(getComputedStyle(p).lineHeight));
  expect((await description.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 5 + 1);
  await guest.getByRole('button', { name: 'Mehr anzeigen' }).click();
  expect((await description.boundingBox())!.height).toBeGreaterThan(lineHeight * 10);
  await expect(guest.getByRole('button', { name: 'Weniger anzeigen' })).toBeVisible();

  // A title cut after two lines opens in full with a tap.
  const title = itemCard(guest, LONG_TITLE).locator('.ww-item-title');
  const cut = await title.evaluate((h) => h.scrollHeight > h.clientHeight + 1);
  expect(cut).toBe(true);
  await title.click();
  expect(await title.evaluate((h) => h.scrollHeight <= h.clientHeight + 1)).toBe(true);

  // Festive red throughout: the banner, the primary buttons and the switch once on.
  const accent = await background(guest.locator('.ww-cover-banner'));
  expect(accent).toBe('rgb(192, 57, 43)');
  expect(await background(itemCard(guest, 'Schal').getByRole('button', { name: 'Als gekauft markieren' }))).toBe(accent);
  await guest.locator('.ww-price-filter .bp6-switch').click();
  await guest.mouse.move(0, 0); // not the hover shade
  // Polled: the switch fades to its colour.
  await expect.poll(() => background(guest.locator('.ww-price-filter .bp6-switch .bp6-control-indicator'))).toBe(accent);

  // The slider's ends ('1.300 £+') are said under it, inside the card; none over the handles.
  await expect(guest.locator('.ww-price-filter .bp6-slider-label')).toHaveCount(0);
  const card = (await guest.locator('.ww-price-filter').boundingBox())!;
  for (const end of await guest.locator('.ww-price-filter-ends span').all()) {
    const box = (await end.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(card.x);
    expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
  }
  await expect(guest.locator('.ww-price-filter-ends')).toContainText('1.300 £+');
  await keepScreenshot(guest, 'festive-de-390.png', { fullPage: true });
  await context.close();
  await owner.context.close();
});

test('a German owner on a phone reads the whole list name, a long title in its dialog and "Preis nicht gefunden"', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Greta', { locale: 'de-DE', viewport: { width: 390, height: 844 } });
  const page = owner.page;
  const name = 'Unsere gemeinsame Wunschliste für die Hochzeit im Sommer mit allen Geschenkideen für Haus und Garten';
  const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name });
  await apiCall(page, 'POST', `/wishlists/${list._id}/items`, { title: LONG_TITLE, price: 'Price not found' });
  const readInFull = (locator: Locator) => locator.evaluate((e) => e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1);

  await page.goto(`/wishlist/${list._id}`);
  const heading = page.getByRole('heading', { level: 1, name });
  await expect(heading).toBeVisible();
  expect(await readInFull(heading)).toBe(true);
  // The scraper's stored words, in the reader's language; the phone's shorter prompt in the add box.
  await expect(itemCard(page, LONG_TITLE).locator('.ww-item-price')).toHaveText('Preis nicht gefunden');
  await expect(page.getByRole('textbox', { name: 'Wunsch hinzufügen' })).toHaveAttribute('placeholder', 'Link oder Idee eingeben');

  // The title field wraps: its beginning is there to read, not scrolled out of sight.
  await itemCard(page, LONG_TITLE).getByRole('button', { name: `Aktionen für ${LONG_TITLE}` }).click();
  await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
  const title = page.getByRole('dialog', { name: 'Wunsch bearbeiten' }).locator('#item-title');
  await expect(title).toHaveValue(LONG_TITLE);
  expect(await readInFull(title)).toBe(true);
  await page.keyboard.press('Escape');
  await onDialogEntry(page, false); // a goto before the dialog's history step is aborted by it

  // The share page names the list on the line under its heading, not cut short.
  await page.goto(`/share/wishlist/${list._id}`);
  const line = page.locator('.ww-cover-banner-overline');
  await expect(line).toHaveText(name);
  expect(await readInFull(line)).toBe(true);
  await owner.context.close();
});

test("the console marks its open page in the brand's accent, and an empty rule form reads empty", async ({ page }) => {
  await signInByApi(page, E2E_ADMIN, null);
  await openAdminPage(page, 'Referral Rules', 'Referral Rules');
  const active = page.getByRole('menuitem', { name: 'Referral Rules', exact: true });
  const accentText = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ww-secondary-text').trim());
  expect(await active.evaluate((item) => getComputedStyle(item).color)).not.toBe(BLUEPRINT_BLUE);
  expect(await active.evaluate((item, expected) => {
    const probe = document.createElement('span');
    probe.style.color = expected;
    document.body.append(probe);
    const wanted = getComputedStyle(probe).color;
    probe.remove();
    return getComputedStyle(item).color === wanted;
  }, accentText)).toBe(true);

  await page.getByRole('button', { name: 'Add Rule' }).click();
  const dialog = page.getByRole('dialog');
  for (const input of await dialog.locator('input').all()) await expect(input).not.toHaveAttribute('placeholder', /./);
  await expect(dialog.getByText('For example: amazon.co.uk')).toBeVisible();
});

test('a German circle member on a phone: the circle writes prices the German way and draws every icon; a notification reads at full width', async ({ browser }) => {
  const phone = { locale: 'de-DE', viewport: { width: 390, height: 844 } };
  const ann = await signedInPage(browser, 'Ann', phone);
  const ben = await signedInPage(browser, 'Ben', phone);
  const list = await apiCall<{ _id: string }>(ann.page, 'POST', '/wishlists', { name: 'Geburtstag im Garten mit allen Nachbarn und der ganzen Familie' });
  await apiCall(ann.page, 'POST', `/wishlists/${list._id}/items`, { title: 'Zelt', price: '199', currency: 'GBP' });
  const lamp = await apiCall<{ _id: string }>(ann.page, 'POST', `/wishlists/${list._id}/items`, { title: 'Lampe', price: '20', currency: 'GBP' });
  const circle = await apiCall<Circle>(ann.page, 'POST', '/circles', { name: 'Familie' });
  await apiCall(ben.page, 'POST', `/circles/join/${circle.inviteLink!.split('/').pop()}`);
  await apiCall(ann.page, 'PUT', `/circles/${circle._id}/lists`, { wishlistIds: [list._id] });

  await ben.page.goto(`/circles/${circle._id}`);
  await expect(ben.page.getByTestId('circle-item').filter({ hasText: 'Zelt' })).toContainText('199,00 £');
  // Each button's icon has its paths (a name the bundle lacks draws an empty gap).
  const drawNames = ben.page.getByRole('button', { name: 'Namen ziehen' });
  await expect(drawNames.locator('svg path')).not.toHaveCount(0);

  // A reserved gift removed: the bell's entry is read at the card's width, its button under it.
  await apiCall(ben.page, 'PUT', `/wishlists/share/${list._id}/items/${lamp._id}`, { quantityPurchased: 1 });
  await apiCall(ann.page, 'DELETE', `/wishlists/${list._id}/items/${lamp._id}`);
  await ben.page.goto('/notifications');
  const entry = ben.page.getByTestId('notification');
  await expect(entry).toContainText('„Lampe“');
  const card = (await entry.boundingBox())!;
  const text = (await entry.locator('.ww-notification-text').boundingBox())!;
  expect(text.width).toBeGreaterThan(card.width * 0.8);
  // "Alle als gelesen markieren", wrapped under the heading, keeps a gap above the list.
  const markAll = (await ben.page.getByRole('button', { name: 'Alle als gelesen markieren' }).boundingBox())!;
  expect(card.y - (markAll.y + markAll.height)).toBeGreaterThanOrEqual(8);
  // Unread in the brand's accent, not Blueprint's blue.
  expect(await entry.evaluate((e) => getComputedStyle(e).borderInlineStartColor)).not.toBe('rgb(45, 114, 210)');
  await keepScreenshot(ben.page, 'notifications-de-390.png', { fullPage: true });
  await ann.context.close();
  await ben.context.close();
});

test("on a phone, the console's user card wraps a long address after its @, not inside a word", async ({ browser, page }) => {
  const member = await signedInPage(browser, 'Kleinschmidt-Vogelweide');
  await member.context.close();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, E2E_ADMIN, null);
  await openAdminPage(page, 'Users', 'All Users');
  await page.getByPlaceholder('Name, e-mail or domain').fill(member.email);
  await page.keyboard.press('Enter');
  const address = page.getByTestId('admin-card').locator('dd').filter({ hasText: member.email });
  await expect(address).toHaveText(member.email);
  // The domain part is one piece at the start of its own line.
  const domain = await address.evaluate((dd) => {
    const range = document.createRange();
    range.selectNodeContents(dd.lastChild!);
    const rects = [...range.getClientRects()];
    return { pieces: rects.length, atLineStart: Math.abs(rects[0]!.left - dd.getBoundingClientRect().left) < 1 };
  });
  expect(domain).toEqual({ pieces: 1, atLineStart: true });
});

test("the footer's language menu opens in the page's colours in dark mode, readable", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  const options = page.locator('.ww-language-menu option');
  await expect(options).toHaveCount(10);
  const colours = await options.first().evaluate((option) => ({ background: getComputedStyle(option).backgroundColor, text: getComputedStyle(option).color }));
  // Blueprint's dark surface under near-white text (the popup was the browser's white under the footer's light grey).
  expect(colours).toEqual({ background: 'rgb(37, 42, 49)', text: 'rgb(246, 247, 249)' });
  await page.locator('.ww-language-menu').click();
  await keepScreenshot(page, 'language-menu-dark-390.png');
  await context.close();
});

test("in dark mode My Account's title reads like the dashboard's, not in the brand's grey, and the console's side menu draws one border", async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const titleColour = () => page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).color);
  await signInByApi(page, E2E_ADMIN, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlists' })).toBeVisible();
  const dashboardTitle = await titleColour();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  expect(await titleColour()).toBe(dashboardTitle);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  const menu = page.locator('aside').filter({ has: page.getByRole('menu') });
  await expect(menu.getByRole('menuitem', { name: 'Users' })).toBeVisible();
  // The column and everything in it: one right-hand border (the menu inside drew a second).
  const borders = await menu.evaluate((aside) => [aside, ...aside.querySelectorAll('*')].filter((element) => parseFloat(getComputedStyle(element).borderRightWidth) > 0).length);
  expect(borders).toBe(1);
  await keepScreenshot(page, 'admin-menu-dark-1280.png');
  await context.close();
});

test('Japanese on a phone: body text breaks between phrases, never leaving one character alone on a line', async ({ browser }) => {
  const { context, page } = await signedInPage(browser, 'Hana', { locale: 'ja-JP', viewport: { width: 390, height: 844 } });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'マイアカウント' })).toBeVisible();
  // Each paragraph's lines, read from where its characters are drawn; punctuation does not count as a character here.
  const lonely = await page.locator('main').evaluate((main) =>
    [...main.querySelectorAll('p')].flatMap((paragraph) => {
      const node = paragraph.firstChild;
      if (paragraph.childNodes.length !== 1 || node?.nodeType !== Node.TEXT_NODE) return [];
      const lines = new Map<number, string>();
      for (let at = 0; at < node.textContent!.length; at++) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        lines.set(top, (lines.get(top) ?? '') + node.textContent![at]);
      }
      return [...lines.values()].filter((line) => line.replace(/[\s。、．，）」』！？・：]/g, '').length === 1);
    }),
  );
  expect(lonely).toEqual([]);
  await keepScreenshot(page, 'account-ja-390.png', { fullPage: true });
  await context.close();
});
