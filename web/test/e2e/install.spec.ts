import { expect, test } from '@playwright/test';
import { E2E_PORT } from './support/constants';
import { createGardenDomain } from './support/domains';
import { signedInPage } from './support/people';
import { apiCall } from './support/api';

// Installing the site as an app (issue 14): a manifest per domain, icons made from its logo,
// and a share target that takes a product link from a phone's share sheet to the add-item flow.

test.describe.configure({ timeout: 60_000 });

interface Manifest {
  name: string;
  short_name: string;
  theme_color: string;
  start_url: string;
  display: string;
  icons: { src: string; sizes: string; type: string }[];
  share_target: { action: string; method: string; params: Record<string, string> };
}

test('each domain has its own manifest, served as a manifest, with icons the browser can load', async ({ page, request }) => {
  const host = `app-${Date.now().toString(36)}.wishwell.test`;
  await createGardenDomain(request, host, 'Gift Garden Registry');

  await page.goto(`http://${host}:${E2E_PORT}/`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { type: response.headers.get('content-type'), body: await response.json() };
  }, href!);
  expect(answer.type).toMatch(/^application\/manifest\+json/);
  const manifest = answer.body as Manifest;
  expect(manifest).toMatchObject({ name: 'Gift Garden Registry', short_name: 'Gift Garden', theme_color: '#1e5631', start_url: '/', display: 'standalone' });
  expect(manifest.share_target).toEqual({ action: '/share-target', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } });
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size)!;
    const dimensions = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, icon.src);
    expect(dimensions).toBe(size);
  }

  const defaultManifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
  expect(defaultManifest.name).toBe('Wishwell');
  expect(defaultManifest.theme_color).toBe('#363636');
});

test('a link shared to the app opens the latest list with the link read into the add form', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Rosa');
  await apiCall(owner.page, 'POST', '/wishlists', { name: 'Older list', theme: 'Other' });
  const latest = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Newest list', theme: 'Other' });
  const product = `http://127.0.0.1:${E2E_PORT}/no-such-product`;
  await owner.page.goto(`/share-target?title=Look&text=${encodeURIComponent(`Look at this ${product}`)}`);
  await expect(owner.page).toHaveURL(new RegExp(`/wishlist/${latest._id}$`));
  // The link was read on arrival: the item form opens with it (this page has no product details).
  const form = owner.page.getByRole('dialog');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Product link')).toHaveValue(product);
  await owner.context.close();
});

test('a guest without a list who shares a link gets a new guest list with it', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const product = `http://127.0.0.1:${E2E_PORT}/another-product`;
  await page.goto(`/share-target?url=${encodeURIComponent(product)}`);
  await expect(page).toHaveURL(/\/wishlist\/[\w-]+$/);
  await expect(page.getByRole('dialog').getByLabel('Product link')).toHaveValue(product);
  await context.close();
});
