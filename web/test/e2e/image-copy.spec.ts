import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { apiCall } from './support/api';
import { itemCard, signedInPage } from './support/people';

// Issue 15: the owner's open list page shows the server's copy of a shop image as soon as it is
// made, in place (no reload, the card does not move). The shop is a local HTTP server that holds
// the server's copy request until the test lets it go; the browser's own requests are answered.

const PHOTO = readFileSync(join('server', 'test', 'fixtures', 'images', 'photo.jpg')); // from the repository root
const isCopyJob = (userAgent = '') => userAgent.includes('Wishwell image copy');

test('a shop image swaps to the stored copy on the open page when the copy lands', async ({ browser }) => {
  let copyRequests = 0;
  let releaseCopy: () => void = () => {};
  const copyHeld = new Promise<void>((resolve) => (releaseCopy = resolve));
  const answer = (response: ServerResponse) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(PHOTO);
  const shop = createServer((request, response) => {
    if (!isCopyJob(request.headers['user-agent'])) return answer(response);
    copyRequests++;
    void copyHeld.then(() => answer(response));
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const shopImage = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/desk-lamp.jpg`;
  try {
    const { page, context } = await signedInPage(browser, 'Iris');
    const list = await apiCall<{ _id: string }>(page, 'POST', '/wishlists', { name: 'Study', theme: 'Other' });
    await apiCall(page, 'POST', `/wishlists/${list._id}/items`, { title: 'Desk lamp', imageUrl: shopImage });
    await expect.poll(() => copyRequests).toBe(1); // the server is copying it, held by the shop

    await page.goto(`/wishlist/${list._id}`);
    const card = itemCard(page, 'Desk lamp');
    const picture = card.locator('.ww-item-thumb img');
    await expect(picture).toHaveAttribute('src', shopImage);
    const before = await card.boundingBox();
    await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

    releaseCopy();
    await expect(picture).toHaveAttribute('src', /^\/uploads\/[\w-]+\.jpg$/, { timeout: 20_000 });
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await card.boundingBox()).toEqual(before);
    expect(copyRequests).toBe(1);
    await context.close();
  } finally {
    releaseCopy();
    shop.close();
  }
});
