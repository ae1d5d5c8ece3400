import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { apiCall } from './support/api';
import { waitForMail } from './support/mail';
import { itemCard, signedInPage } from './support/people';

// Issue 35: the "Add to Wishwell" bookmarklet on My Account sends the page the user sees to
// /capture, which opens the Add Item dialog prefilled with a list chooser. The shop is a local
// server that shows its product only to a visitor holding its cookie (set in the test's browser,
// as a shop does after its own robot check): the Wishwell server's fetch gets 403 "Access denied".

const PHOTO = readFileSync(join('server', 'test', 'fixtures', 'images', 'photo.jpg')); // from the repository root
const PRODUCT_PAGE = `<!doctype html><html><head><title>Harbour Desk Lamp | Walled Shop</title></head><body>
  <h1>Harbour Desk Lamp</h1>
  <p class="price">£48.00</p>
  <img src="/media/harbour-lamp.jpg" alt="Harbour Desk Lamp" width="600" height="600">
  <script>document.querySelector('h1').dataset.rendered = 'yes';</script>
</body></html>`;

const FAVOURITES_PAGE = `<!doctype html><html><head><title>My favourites | Walled Shop</title>
  <script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, item: { '@type': 'Product', name: 'Harbour Desk Lamp', url: '/p/harbour-lamp', offers: { '@type': 'Offer', price: '48.00', priceCurrency: 'GBP' } } },
      { '@type': 'ListItem', position: 2, item: { '@type': 'Product', name: 'Linen Lampshade', url: '/p/lampshade', offers: { '@type': 'Offer', price: '22.00', priceCurrency: 'GBP' } } },
      { '@type': 'ListItem', position: 3, item: { '@type': 'Product', name: 'Brass Bulb Set', url: '/p/bulbs', offers: { '@type': 'Offer', price: '9.50', priceCurrency: 'GBP' } } },
    ],
  })}</script></head><body><h1>Harbour Desk Lamp</h1><p>My favourites: three things.</p></body></html>`;

interface Shop {
  origin: string;
  /** Image requests from Wishwell's copy job. */
  imageCopies: number;
  server: Server;
}

async function startWalledShop(): Promise<Shop> {
  const shop: Shop = { origin: '', imageCopies: 0, server: createServer() };
  shop.server.on('request', (request, response) => {
    if (request.url?.startsWith('/media/')) {
      if (request.headers['user-agent']?.includes('Wishwell image copy')) shop.imageCopies++;
      return response.writeHead(200, { 'content-type': 'image/jpeg' }).end(PHOTO);
    }
    if (!request.headers.cookie?.includes('passed_check=1')) {
      return response.writeHead(403, { 'content-type': 'text/html' }).end('<html><head><title>Access denied</title></head><body>Access denied</body></html>');
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(request.url === '/favourites' ? FAVOURITES_PAGE : PRODUCT_PAGE);
  });
  await new Promise<void>((resolve) => shop.server.listen(0, '127.0.0.1', resolve));
  shop.origin = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`;
  return shop;
}

/** Clicks the bookmarklet on `page` as the browser runs one: its code in the page, after a click. */
async function runBookmarklet(page: Page, href: string): Promise<void> {
  expect(href.startsWith('javascript:')).toBe(true);
  await page.evaluate((code) => (0, eval)(code), decodeURIComponent(href.slice('javascript:'.length)));
}

async function bookmarkletHref(page: Page): Promise<string> {
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Add from any shop' });
  await expect(section.getByText('Firefox:')).toBeVisible();
  const link = section.getByRole('link', { name: 'Add to Wishwell' });
  await expect(link).toHaveAttribute('draggable', 'true');
  return (await link.getAttribute('href'))!;
}

async function openShopPage(context: BrowserContext, shop: Shop, path: string): Promise<Page> {
  await context.addCookies([{ name: 'passed_check', value: '1', url: shop.origin }]);
  const page = await context.newPage();
  await page.goto(shop.origin + path);
  await expect(page.getByRole('heading', { name: 'Harbour Desk Lamp' })).toBeVisible();
  return page;
}

test('the bookmarklet adds a product from a page the server itself cannot fetch', async ({ browser }) => {
  const shop = await startWalledShop();
  try {
    const { page, context } = await signedInPage(browser, 'Bea');
    const birthday = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'Birthday', theme: 'Birthday' });
    await apiCall(page, 'POST', '/wishlists', { name: 'Christmas', theme: 'Christmas' });
    const productUrl = `${shop.origin}/p/harbour-lamp?colour=brass`;
    await expect(apiCall(page, 'POST', '/scrape', { url: productUrl })).rejects.toThrow(/502.*(Access denied|robot check|turned the request away)/);

    const href = await bookmarkletHref(page);
    const shopPage = await openShopPage(context, shop, '/p/harbour-lamp?colour=brass');
    const popup = context.waitForEvent('page');
    await runBookmarklet(shopPage, href);
    const capture = await popup;

    const dialog = capture.getByRole('dialog', { name: 'Add Item' });
    await expect(dialog.getByLabel('Title')).toHaveValue('Harbour Desk Lamp');
    await expect(dialog.getByLabel('Price')).toHaveValue('48.00');
    await expect(dialog.getByLabel('Currency')).toHaveValue('GBP');
    await expect(dialog.getByLabel('Product link')).toHaveValue(productUrl);
    await expect(dialog.getByLabel('Image URL')).toHaveValue(`${shop.origin}/media/harbour-lamp.jpg`);
    await expect(dialog.getByLabel('Wishlist')).toHaveValue(/.+/);
    await dialog.getByLabel('Wishlist').selectOption({ label: 'Birthday' });
    await dialog.getByRole('button', { name: 'Add Item' }).click();

    await expect(capture).toHaveURL(new RegExp(`/wishlist/${birthday._id}$`));
    await expect(itemCard(capture, 'Harbour Desk Lamp')).toBeVisible();
    // The shop's image reaches the list through the same copy job as a pasted link's.
    await expect.poll(() => shop.imageCopies).toBeGreaterThan(0);
  } finally {
    shop.server.close();
  }
});

test("a shop's favourites page: several products ticked and added at once", async ({ browser }) => {
  const shop = await startWalledShop();
  try {
    const { page, context } = await signedInPage(browser, 'Dora');
    const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'Living room', theme: 'Other' });
    const href = await bookmarkletHref(page);
    const shopPage = await openShopPage(context, shop, '/favourites');
    const popup = context.waitForEvent('page');
    await runBookmarklet(shopPage, href);
    const capture = await popup;

    const dialog = capture.getByRole('dialog', { name: 'This page lists 3 products' });
    await expect(dialog.getByRole('checkbox', { name: /Linen Lampshade/ })).toBeChecked();
    await dialog.getByText('Brass Bulb Set').click();
    await expect(dialog.getByRole('checkbox', { name: /Brass Bulb Set/ })).not.toBeChecked();
    await dialog.getByRole('button', { name: 'Add 2 products' }).click();

    await expect(capture).toHaveURL(new RegExp(`/wishlist/${list._id}$`));
    await expect(itemCard(capture, 'Harbour Desk Lamp')).toBeVisible();
    await expect(itemCard(capture, 'Linen Lampshade')).toBeVisible();
    await expect(itemCard(capture, 'Brass Bulb Set')).toHaveCount(0);
    const items = await apiCall<{ items: { title: string; url: string; price: string }[] }>(capture, 'GET', `/wishlists/${list._id}`);
    expect(items.items.map(({ title, url, price }) => ({ title, url, price })).sort((a, b) => a.title.localeCompare(b.title))).toEqual([
      { title: 'Harbour Desk Lamp', url: `${shop.origin}/p/harbour-lamp`, price: '48.00' },
      { title: 'Linen Lampshade', url: `${shop.origin}/p/lampshade`, price: '22.00' },
    ]);
  } finally {
    shop.server.close();
  }
});

test("a product without a price's currency is priced in the chosen list's currency: its owner's on a list the user edits", async ({ browser }) => {
  const owner = await signedInPage(browser, 'Uma');
  await apiCall(owner.page, 'PUT', '/users/profile', { name: 'Uma', email: owner.email, country: 'United States' });
  const housewarming = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Housewarming', theme: 'Other' });
  const editor = await signedInPage(browser, 'Ezra');
  const { currency: editorsCurrency } = await apiCall<{ currency: string }>(editor.page, 'GET', '/users/profile');
  expect(editorsCurrency).not.toBe('USD');
  await apiCall(editor.page, 'POST', '/wishlists', { name: 'Own list', theme: 'Other' });
  await apiCall(owner.page, 'POST', `/wishlists/${housewarming._id}/editors`, { email: editor.email });
  const token = (await waitForMail(editor.email)).text.match(/\/invitations\/([\w-]+)/)![1]!;
  await apiCall(editor.page, 'POST', `/invitations/${token}/accept`);

  // As the extension opens /capture: the shop's page read, its price without a currency.
  const result = { title: 'Wool Rug', price: '30', currency: '', imageUrl: '', description: '', url: 'https://shop.example/p/rug' };
  await editor.page.goto(`/capture#result=${encodeURIComponent(JSON.stringify(result))}`);
  const dialog = editor.page.getByRole('dialog', { name: 'Add Item' });
  await dialog.getByLabel('Wishlist').selectOption({ label: 'Housewarming' });
  await expect(dialog.getByLabel('Currency')).toHaveAttribute('placeholder', 'USD');
  await dialog.getByLabel('Wishlist').selectOption({ label: 'Own list' });
  await expect(dialog.getByLabel('Currency')).toHaveAttribute('placeholder', editorsCurrency);
});

test('/capture opened without a captured page says how to use it', async ({ browser }) => {
  const { page } = await signedInPage(browser, 'Cal');
  await page.goto('/capture');
  await expect(page.getByText('The page could not be read')).toBeVisible();
  await expect(page.getByText(/Add to Wishwell" bookmark or the browser extension/)).toBeVisible();
});
