import { expect, test, type Locator, type Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCall } from './support/api';
import { createGuestListFromLanding, itemCard, signedInPage } from './support/people';

// Issue 35, "many links at once": text holding several links pasted into the Add Item box opens
// the bulk view. Its queue reads them through the server one at a time per shop, shows each
// link's progress, lets the user fix a miss or drop a link, and adds the chosen ones together.

const productPage = (name: string, price: string) => {
  const product = { '@context': 'https://schema.org', '@type': 'Product', name, offers: { '@type': 'Offer', price, priceCurrency: 'GBP' } };
  return `<!doctype html><html><head><title>${name}</title><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><h1>${name}</h1></body></html>`;
};

const PAGES: Record<string, { body: string; delayMs?: number }> = {
  '/kite': { body: productPage('Stunt kite', '35.00') },
  '/yoyo': { body: productPage('Glow yo-yo', '6.50') },
  '/slow/telescope': { body: productPage('Star telescope', '120.00'), delayMs: 1500 },
  '/puzzle': { body: productPage('Jigsaw puzzle', '14.00') },
};

/** A local shop that counts how many of its pages are being read at once, and when each read starts and ends. */
async function startShop() {
  const visits: { path: string; start: number; end: number }[] = [];
  let open = 0;
  let mostAtOnce = 0;
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    const visit = { path, start: Date.now(), end: 0 };
    visits.push(visit);
    mostAtOnce = Math.max(mostAtOnce, ++open);
    const page = PAGES[path];
    setTimeout(() => {
      response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page?.body ?? '<html><head><title>Not found</title></head><body>No such product</body></html>');
      visit.end = Date.now();
      open--;
    }, page?.delayMs ?? 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    visits,
    mostAtOnce: () => mostAtOnce,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Pastes `text` into `field` (the Add Item box unless named) as the browser does: a paste event carrying the clipboard's text. */
async function paste(page: Page, text: string, field: Locator = page.getByLabel('Add an item')) {
  await field.focus();
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

const linkRow = (page: Page, url: string) => page.locator('.ww-bulk-link').filter({ hasText: url });

test('pasted links are read politely, one request at a time per shop, and the chosen ones added together', async ({ browser }) => {
  test.setTimeout(120_000);
  const shop = await startShop();
  const { context, page } = await signedInPage(browser, 'Bea');
  try {
    const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'Summer' });
    await page.goto(`/wishlist/${list._id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Summer' })).toBeVisible();

    const link = (path: string) => shop.origin + path;
    const mail = [
      'Hi! A few ideas for the summer:',
      `- the kite ${link('/kite')}`,
      `- ${link('/yoyo')}, or`,
      `${link('/slow/telescope')} (takes a while to load)`,
      `this one is gone: ${link('/gone')}`,
      `and ${link('/puzzle')}.`,
      'Cheers',
    ].join('\n');
    await paste(page, mail);
    const dialog = page.getByRole('dialog', { name: 'Add 5 links' });
    await expect(dialog).toBeVisible();
    // The queue starts with the first link and keeps the others waiting for their turn at the shop.
    await expect(linkRow(page, link('/puzzle')).getByText('Waiting')).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Add \d+ items?$/ })).toBeDisabled();

    await expect(linkRow(page, link('/kite')).getByText('Found')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel(`Title for ${link('/kite')}`)).toHaveValue('Stunt kite');
    await expect(page.getByLabel(`Price for ${link('/kite')}`)).toHaveValue('35.00');
    await expect(linkRow(page, link('/slow/telescope')).getByText('Found')).toBeVisible({ timeout: 30_000 });
    // The missing page is tried again after a pause, then shown as failed with the server's reason.
    const gone = linkRow(page, link('/gone'));
    await expect(gone.getByText('Failed')).toBeVisible({ timeout: 60_000 });
    await expect(gone).toContainText('404');
    await expect(linkRow(page, link('/puzzle')).getByText('Found')).toBeVisible({ timeout: 30_000 });

    // Fix the miss, drop the yo-yo, add the rest in one go.
    await page.getByLabel(`Title for ${link('/gone')}`).fill('Beach tent');
    await page.getByLabel(`Price for ${link('/gone')}`).fill('80');
    await dialog.getByRole('button', { name: `Drop ${link('/yoyo')}` }).click();
    await dialog.getByRole('button', { name: 'Add 4 items' }).click();
    await expect(page.getByText('4 items added!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    for (const title of ['Stunt kite', 'Star telescope', 'Beach tent', 'Jigsaw puzzle']) await expect(itemCard(page, title)).toBeVisible();
    await expect(itemCard(page, 'Glow yo-yo')).toHaveCount(0);
    await expect(itemCard(page, 'Beach tent')).toContainText('80');
    const titles = await page.locator('.ww-item-card .ww-item-title').allTextContents();
    expect(titles.slice(0, 4)).toEqual(['Stunt kite', 'Star telescope', 'Beach tent', 'Jigsaw puzzle']);

    // At the shop: never two reads at once, and a pause between one read's end and the next one's start.
    expect(shop.mostAtOnce()).toBe(1);
    const reads = [...shop.visits].sort((a, b) => a.start - b.start);
    expect(reads.filter((read) => read.path === '/gone').length).toBe(3);
    // One at a time (a read starts after the last one ended), a second apart (start to start: the shop's own end of a read is later than the server's).
    for (let index = 1; index < reads.length; index++) {
      expect(reads[index]!.start).toBeGreaterThanOrEqual(reads[index - 1]!.end);
      expect(reads[index]!.start - reads[index - 1]!.start).toBeGreaterThanOrEqual(900);
    }
  } finally {
    await context.close();
    await shop.stop();
  }
});

test("a guest's own list takes many links too, also pasted into the item form's link field", async ({ browser }) => {
  const shop = await startShop();
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await createGuestListFromLanding(page);
    await page.getByRole('button', { name: 'Add Item' }).click();
    const form = page.getByRole('dialog', { name: 'Add Item' });
    await paste(page, `${shop.origin}/kite\n${shop.origin}/puzzle`, form.getByLabel('Product link'));
    await expect(form).toHaveCount(0);
    const dialog = page.getByRole('dialog', { name: 'Add 2 links' });
    await expect(dialog.getByRole('button', { name: 'Add 2 items' })).toBeEnabled({ timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Add 2 items' }).click();
    await expect(itemCard(page, 'Stunt kite')).toBeVisible();
    await expect(itemCard(page, 'Jigsaw puzzle')).toBeVisible();
  } finally {
    await context.close();
    await shop.stop();
  }
});
