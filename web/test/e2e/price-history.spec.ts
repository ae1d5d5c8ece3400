import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import type { Item, Wishlist } from '@wishwell/shared/wishlist-types';
import { E2E_ADMIN } from './support/accounts';
import { apiCall } from './support/api';
import { itemCard, PASSWORD, signedInPage } from './support/people';
import { keepScreenshot } from './support/screenshots';

// The price watch as the owner sees it: a local shop whose price changes between checks, the
// checks run through the admin jobs route; the list marks the drop, the item charts its history.

test.describe.configure({ timeout: 90_000 });

/** A shop on loopback with one product whose price the test sets. */
async function startShop(): Promise<{ server: Server; url: string; setPrice: (price: string) => void }> {
  let price = '45.00';
  const server = createServer((_request, response) => {
    const offer = { '@type': 'Offer', price, priceCurrency: 'GBP', availability: 'https://schema.org/InStock' };
    const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Copper Kettle', offers: offer };
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html><head><title>Copper Kettle</title><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><h1>Copper Kettle</h1><p>£${price}</p></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/p/copper-kettle`, setPrice: (next) => (price = next) };
}

async function signedInAs(page: Page, email: string, password: string): Promise<void> {
  await apiCall(page, 'POST', '/users/login', { email, password });
}

test('an item checked several times shows "was £49, now £39" on the owner\'s list and its price history as a chart', async ({ browser }) => {
  const shop = await startShop();
  const { context: ownerContext, page: owner, email } = await signedInPage(browser, 'Petra');
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signedInAs(admin, E2E_ADMIN.email, E2E_ADMIN.password);
  try {
    const list = await apiCall<Wishlist>(owner, 'POST', '/wishlists', { name: 'Kitchen' });
    const kettle = await apiCall<Item>(owner, 'POST', `/wishlists/${list._id}/items`, { title: 'Copper Kettle', price: '45.00', url: shop.url });
    // Three checks: 45, up to 49, down to 39. Switching the item's watch on makes it due at once.
    for (const price of ['45.00', '49.00', '39.00']) {
      shop.setPrice(price);
      await apiCall(owner, 'PUT', `/wishlists/${list._id}/items/${kettle._id}/price-watch`, { watch: true });
      await apiCall(admin, 'POST', '/admin/jobs/price-watch/run');
    }

    await owner.goto(`/wishlist/${list._id}`);
    const card = itemCard(owner, 'Copper Kettle');
    await expect(card.locator('.ww-price-dropped')).toHaveText('was £49, now £39');
    await expect(card.locator('.ww-item-price')).toHaveText('£39.00');
    await card.getByRole('button', { name: 'Price history' }).click();
    const history = card.getByRole('region', { name: 'Price history' });
    await expect(history.locator('canvas')).toBeVisible();
    await expect(history).toContainText('Lowest £39, highest £49, now £39');
    await keepScreenshot(owner, 'price-history-1280.png');
    await owner.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await keepScreenshot(owner, 'price-history-390.png');

    // The same list in German and dark on a phone: amounts the way German writes them.
    const germanContext = await browser.newContext({ locale: 'de-DE', colorScheme: 'dark', viewport: { width: 390, height: 844 } });
    const german = await germanContext.newPage();
    await signedInAs(german, email, PASSWORD);
    await german.goto(`/wishlist/${list._id}`);
    const germanCard = itemCard(german, 'Copper Kettle');
    await germanCard.getByRole('button', { name: 'Preisverlauf' }).click();
    await expect(germanCard.getByRole('region', { name: 'Preisverlauf' })).toContainText('Tiefstwert 39 £, Höchstwert 49 £, jetzt 39 £');
    await germanCard.scrollIntoViewIfNeeded();
    await keepScreenshot(german, 'price-history-de-dark-390.png');
    await germanContext.close();
  } finally {
    await ownerContext.close();
    await adminContext.close();
    shop.server.close();
  }
});
