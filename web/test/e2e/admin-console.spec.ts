import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT, signInByApi, uniqueEmail } from './support/accounts';
import { apiCall } from './support/api';
import { openAdminPage } from './support/admin';
import { E2E_CROWD_DOMAIN } from './support/constants';
import { VISITOR_LOG_CROWD_AFTER, type AdminStats } from '@wishwell/shared/admin-types';

// The admin console's operator pages: Dashboard, Users, Wishlists, Referral Opportunities,
// E-mail and Visitor Logs, Domain Configs, at desktop width (tables) and phone width (cards).

test.describe.configure({ timeout: 60_000 });

/** Unique in the run, also beside the same spec's other tests in the other worker. */
const tag = () => `${Date.now().toString(36)}${process.pid.toString(36)}`;


/** A member with a list of two items (one with a shop link) and `moreAtShop` at that shop, made through the API from a second browser context. */
async function seedMember(page: Page, name: string, moreAtShop: Record<string, unknown>[] = []) {
  const context = await page.context().browser()!.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  const other = await context.newPage();
  const email = uniqueEmail('member');
  const user = await apiCall<{ _id: string }>(other, 'POST', '/users/register', { name, email, password: 'correct horse battery', domain: 'shop.wishwell.test' });
  const list = await apiCall<{ _id: string }>(other, 'POST', '/wishlists', { name: `${name} list` });
  const shop = `teapots-${tag()}.example`;
  await apiCall(other, 'POST', `/wishlists/${list._id}/items`, { title: `${name} teapot`, url: `https://www.${shop}/p/1`, price: '12.50' });
  await apiCall(other, 'POST', `/wishlists/${list._id}/items`, { title: `${name} scarf`, price: '9' });
  for (const [index, item] of moreAtShop.entries()) await apiCall(other, 'POST', `/wishlists/${list._id}/items`, { title: `${name} extra`, url: `https://${shop}/p/${index + 2}`, ...item });
  await context.close();
  return { id: user._id, email, listId: list._id, listName: `${name} list`, shop };
}

// Signed in, nothing opened: each test opens the console page it is about.
test.beforeEach(async ({ page }) => {
  await signInByApi(page, E2E_ADMIN, null);
});

test('the dashboard shows the four stat cards and the referral chart', async ({ page }) => {
  await seedMember(page, `Dash${tag()}`);
  // The totals the server gave this page: tests in the other worker add users and items meanwhile.
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/stats'));
  await openAdminPage(page, 'Dashboard', 'Dashboard');
  const stats = (await (await answered).json()) as AdminStats;
  for (const [label, value] of [['Total Users', stats.totalUsers], ['Total Items', stats.totalItems]] as const) {
    await expect(page.getByTestId('stat-card').filter({ hasText: label })).toContainText(value.toLocaleString('en-GB'));
  }
  await expect(page.getByTestId('stat-card')).toHaveCount(4);
  await expect(page.getByText('Referral Program Breakdown')).toBeVisible();
  await expect(page.getByRole('img', { name: /Referral Program Breakdown, # of Items: .*N\/A: \d+/ })).toBeVisible();
});

test("the dashboard's Secret Santa card shows that draws happened (organiser, size, dates), never who takes part or gives to whom", async ({ page, browser }) => {
  const memberContext = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  const member = await memberContext.newPage();
  const organiser = uniqueEmail('santa');
  await apiCall(member, 'POST', '/users/register', { name: 'Santa Organiser', email: organiser, password: 'correct horse battery', domain: '127.0.0.1' });
  const participants = ['Anneliese', 'Bartholomew', 'Cordelia'].map((name) => ({ name, email: uniqueEmail(name.toLowerCase()) }));
  const drawn = await apiCall<{ id: string }>(member, 'POST', '/draws', { name: 'Secret Office Party', participants });
  await apiCall(member, 'POST', `/draws/${drawn.id}/run`);
  await apiCall(member, 'POST', '/draws', { name: 'Later', participants: participants.slice(0, 3) });
  await memberContext.close();

  await openAdminPage(page, 'Dashboard', 'Dashboard');
  const card = page.getByTestId('santa-draws');
  await expect(card).toContainText('That a draw happened, never who gives to whom.');
  const rows = card.getByRole('row').filter({ hasText: organiser });
  await expect(rows).toHaveCount(2);
  // Days in the admin's language (a UK admin here), not the logs' fixed YYYY-MM-DD.
  const today = new Date().toLocaleDateString('en-GB', { dateStyle: 'medium' });
  await expect(rows.filter({ hasText: 'not drawn yet' })).toHaveText(new RegExp(`${organiser}\\s*3\\s*${today}\\s*not drawn yet`));
  await expect(rows.filter({ hasNotText: 'not drawn yet' })).toHaveText(new RegExp(`${organiser}\\s*3\\s*${today}\\s*${today}`));
  for (const { name, email } of participants) {
    await expect(card).not.toContainText(name);
    await expect(card).not.toContainText(email);
  }
  await expect(card).not.toContainText('Secret Office Party');
});

test('disabling a user greys the row and stops their session; enabling brings it back', async ({ page, browser }) => {
  const memberContext = await browser.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
  const memberPage = await memberContext.newPage();
  const email = uniqueEmail('toggle');
  await apiCall(memberPage, 'POST', '/users/register', { name: 'Toggle Person', email, password: 'correct horse battery', domain: '127.0.0.1' });

  await openAdminPage(page, 'Users', 'All Users');
  for (const header of ['Name', 'Email', 'Domain', 'Admin']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('No');
  await expect(row).toContainText('Enabled');
  await row.getByRole('checkbox', { name: `Disable ${email}` }).click({ force: true });
  await expect(row).toContainText('Disabled');
  await expect(row).toHaveClass(/ww-admin-muted/);
  await expect.poll(async () => (await memberPage.request.get('/api/v1/users/profile')).status()).toBe(403);

  await row.getByRole('checkbox', { name: `Enable ${email}` }).click({ force: true });
  await expect(row).toContainText('Enabled');
  await expect.poll(async () => (await memberPage.request.get('/api/v1/users/profile')).status()).toBe(200);
  // Newest first: the admin's own account is found through the server's search; its switch refuses with the server's message.
  await page.getByRole('search').getByLabel('Search').fill(E2E_ADMIN.email);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('Page 1 of 1 (1 entry)')).toBeVisible();
  await page.getByRole('row').filter({ hasText: E2E_ADMIN.email }).getByRole('checkbox').click({ force: true });
  await expect(page.getByText('You cannot disable your own account.')).toBeVisible();
  await memberContext.close();
});

test('disabling a wish list shows Disabled and its share page answers 404', async ({ page }) => {
  const member = await seedMember(page, `Lister${tag()}`);
  await openAdminPage(page, 'Wishlists', 'All Wishlists');
  const section = page.getByTestId('admin-wishlist').filter({ hasText: member.listName });
  await expect(section).toContainText('Active');
  await section.getByText(member.listName).click();
  await expect(section.getByRole('cell', { name: /teapot$/ })).toBeVisible();
  await expect(section.getByRole('cell', { name: 'N/A' }).first()).toBeVisible();
  expect((await page.request.get(`/api/v1/wishlists/share/${member.listId}`)).status()).toBe(200);

  await section.getByRole('checkbox', { name: `Disable ${member.listName}` }).click({ force: true });
  await expect(section).toContainText('Disabled');
  expect((await page.request.get(`/api/v1/wishlists/share/${member.listId}`)).status()).toBe(404);
  await section.getByRole('checkbox', { name: `Enable ${member.listName}` }).click({ force: true });
  await expect(section).toContainText('Active');
});

test('referral opportunities list shops with GBP totals, other currencies beside them unconverted, and Yes/No chips', async ({ page }) => {
  const member = await seedMember(page, `Shopper${tag()}`, [{ price: '30', quantity: 2, currency: 'EUR' }]);
  await openAdminPage(page, 'Referral Opportunities', 'Referral Opportunities');
  await expect(page.getByText(/most popular shop sites/)).toBeVisible();
  await expect(page.getByText(/keeps no exchange rates, so it does not convert them/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: member.shop });
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await expect(row.getByRole('cell').nth(2)).toHaveText('£12.50€60.00');
  await expect(row).toContainText('No');
});

test('e-mail and visitor logs page and filter on the server', async ({ page }) => {
  await page.goto('/dashboard'); // a page view of this browser's for the visitor log (the console's pages are not logged)
  await apiCall(page, 'POST', '/users/forgot-password', { email: E2E_ADMIN.email });
  await openAdminPage(page, 'E-mail Logs', 'E-mail Logs');
  for (const header of ['Date', 'Recipient', 'Subject', 'Sent By', 'Status']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: E2E_ADMIN.email }).first();
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(page.getByText(/Page 1 of \d+ \(\d+ entr(y|ies)\)/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).or(page.getByLabel('Search')).fill('no-such-recipient');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No e-mails logged yet.')).toBeVisible();

  // This browser's own page views (from 127.0.0.1, a loopback address: no place) are in the visitor log.
  await openAdminPage(page, 'Visitor Logs', 'Visitor Logs');
  for (const header of ['Date', 'Domain', 'Location', 'IP Address', 'User Agent']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const visit = page.getByRole('row').filter({ hasText: '127.0.0.1' }).first();
  await expect(async () => {
    await page.reload(); // page views are written about a second after them
    await expect(visit).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(visit).toContainText('Unknown');
  await expect(visit.locator('.ww-admin-truncate')).toHaveAttribute('title', /Chrom/);
  // The search finds views by their browser (a part of the user agent) or their whole address, on the server.
  const search = async (text: string) => {
    await page.getByRole('searchbox', { name: 'Search' }).or(page.getByLabel('Search')).fill(text);
    await page.getByRole('button', { name: 'Search' }).click();
  };
  await search('chrom');
  await expect(visit).toBeVisible();
  await search('127.0.0.1');
  await expect(visit).toBeVisible();
  await search('no-such-browser');
  await expect(page.getByText('No visits logged yet.')).toBeVisible();

  // A visitor reloading is one entry a take that says how many views it stands for (a take: the
  // views queued in the second since the first of them, anyone's). The three ask at once for the
  // app shell (/login), not the landing page the server renders; still, a take another spec's view
  // opened may end between them: then the log shows two entries (2 views and 1), never three,
  // and the views add up.
  const reloading = `Mozilla/5.0 (reloading ${tag()})`;
  await Promise.all([1, 2, 3].map(() => page.request.get('/login', { headers: { 'user-agent': reloading } })));
  const reloads = page.getByRole('row').filter({ hasText: reloading });
  // Each entry's views as its date cell's tag says them ("3 views"; an entry of one view has none).
  const viewsOfEntries = () => reloads.locator('td:first-child').evaluateAll((cells) => cells.map((cell) => cell.querySelector('.ww-admin-views')?.textContent ?? '1 view'));
  let entries: string[] = [];
  await expect(async () => {
    await page.goto(`/admin/visitor-logs?q=${encodeURIComponent(reloading)}`); // written about a second after the views
    await expect(reloads.first()).toBeVisible({ timeout: 2_000 });
    entries = await viewsOfEntries();
    expect(entries.reduce((sum, entry) => sum + Number(/^(\d+) views?$/.exec(entry)?.[1]), 0)).toBe(3);
  }).toPass({ timeout: 15_000 });
  expect(entries.length, entries.join(' | ')).toBeLessThanOrEqual(2);
  expect(entries).toContainEqual(expect.stringMatching(/^[23] views$/));

  // A flood's visitors past the first 250 of a second are counted on their domain's crowd entry.
  await search(E2E_CROWD_DOMAIN);
  const crowd = page.getByRole('row').filter({ hasText: 'Many addresses' });
  await expect(crowd).toHaveCount(1);
  await expect(crowd.getByRole('cell').first()).toContainText('24 views');
  await expect(crowd).toContainText(E2E_CROWD_DOMAIN);
  await expect(crowd).toContainText(`Counted, not logged one by one: over ${VISITOR_LOG_CROWD_AFTER} visitors that second`);
  await expect(page.getByRole('row').filter({ hasText: 'Mozilla/5.0 (e2e flood)' }).first()).toContainText('203.0.113.');
});

test('a domain config made in the dialog rebrands the landing page of its hostname; edit and delete work', async ({ page }) => {
  const host = `console-${tag()}.wishwell.test`;
  await openAdminPage(page, 'Domain Configs', 'Domain Configs');
  await page.getByRole('button', { name: 'Add Domain' }).click();
  const create = page.getByRole('dialog', { name: 'Add Domain Config' });
  await expect(create.getByLabel('Logo URL')).toHaveValue('/Logo.png');
  await expect(create.getByLabel('Primary Color', { exact: true })).toHaveValue('#363636');
  await expect(create.getByLabel('Secondary Color', { exact: true })).toHaveValue('#e84393');
  await create.getByLabel('Hostname').fill(host);
  await create.getByLabel('Company Name').fill('Console Gifts');
  await create.getByLabel('Primary Color', { exact: true }).fill('#1e5631');
  await create.getByLabel('Landing Page Headline').fill('Wishes from the console');
  await create.getByLabel('Landing Page Sub-headline').fill('Made in the admin dialog.');
  await create.getByLabel('Logo URL').fill('javascript:alert(1)');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Logo URL must be an http(s) address or a path on this site like /Logo.png.')).toBeVisible();
  await create.getByLabel('Logo URL').fill('/Logo.png');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(create).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: host });
  await expect(row).toContainText('Console Gifts');

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`http://${host}:${E2E_PORT}/`);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Wishes from the console');
  await expect(visitor.locator('header.ww-topbar')).toHaveCSS('background-color', 'rgb(30, 86, 49)');
  await visitor.close();

  await page.getByRole('button', { name: `Edit ${host}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Domain Config' });
  await expect(edit.getByLabel('Landing Page Sub-headline')).toHaveValue('Made in the admin dialog.');
  await edit.getByLabel('Company Name').fill('Console Gifts Ltd');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Console Gifts Ltd');
  await page.getByRole('button', { name: `Delete ${host}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('at phone width the menu is a drawer: the first screen shows the page, the menu button opens the pages', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 2, name: 'All Users' })).toBeInViewport();
  await expect(page.getByRole('menuitem', { name: 'Dashboard', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Admin menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Admin pages' });
  await expect(drawer.getByRole('menuitem', { name: 'Users', exact: true })).toHaveClass(/bp6-active/);
  await drawer.getByRole('menuitem', { name: 'E-mail Logs', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'E-mail Logs' })).toBeInViewport();
  await expect(drawer).toHaveCount(0);
  // The bar names the console; the page's own heading names the page (not said twice).
  await expect(page.locator('.ww-admin-bar')).toContainText('Admin');
  await expect(page.locator('.ww-admin-bar')).not.toContainText('E-mail Logs');
  // The window grown past 900 px shows the side menu instead.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('button', { name: 'Admin menu' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'E-mail Logs', exact: true })).toHaveClass(/bp6-active/);
});

test('at phone width every page shows cards, and the switches and deletes work there', async ({ page }) => {
  const member = await seedMember(page, `Phone${tag()}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdminPage(page, 'Users', 'All Users');
  await expect(page.getByRole('table')).toHaveCount(0);
  const card = page.getByTestId('admin-card').filter({ hasText: member.email });
  await card.getByRole('checkbox').click({ force: true });
  await expect(card).toContainText('Disabled');
  await card.getByRole('checkbox').click({ force: true });
  await expect(card).toContainText('Enabled');

  const host = `phone-${tag()}.wishwell.test`;
  await apiCall(page, 'POST', '/domain-configs', { hostname: host, companyName: 'Phone Co', logoUrl: '/Logo.png', primaryColor: '#363636', secondaryColor: '#e84393', landingPageHeadline: '', landingPageSubheadline: '' });
  await openAdminPage(page, 'Domain Configs', 'Domain Configs');
  const configCard = page.getByTestId('admin-card').filter({ hasText: host });
  await expect(configCard).toContainText('Phone Co');
  await configCard.getByRole('button', { name: `Delete ${host}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(configCard).toHaveCount(0);

  for (const [menu, heading] of [['Referral Opportunities', 'Referral Opportunities'], ['E-mail Logs', 'E-mail Logs'], ['Wishlists', 'All Wishlists']] as const) {
    await openAdminPage(page, menu, heading);
    await expect(page.getByRole('table')).toHaveCount(0);
  }
});

test('Scrape Logs make only http(s) links clickable: a refused javascript: link is plain text', async ({ page }) => {
  const refused = `javascript:alert(${Date.now()})`;
  await expect(apiCall(page, 'POST', '/scrape', { url: refused })).rejects.toThrow(/400/);
  await openAdminPage(page, 'Scrape Logs', 'Scrape Logs');
  const row = page.getByRole('row').filter({ hasText: refused });
  await expect(row).toContainText('Failed');
  await expect(row.getByRole('link')).toHaveCount(0);
  await page.getByLabel('Status').selectOption('success');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row).toHaveCount(0);
});
