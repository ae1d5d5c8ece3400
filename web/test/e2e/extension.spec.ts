import { chromium, expect, test, type BrowserContext, type Worker } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiCall } from './support/api';
import { itemCard, signedInPage } from './support/people';

// Issue 35: the "Add to Wishwell" extension (extension/, built by `bun run build:extension`) loaded
// unpacked in Chromium. Its options take the server's address and a personal API token; its
// toolbar button sends the page the user sees to POST /scrape/page with that token and opens
// Wishwell's Add Item dialog prefilled. The shop turns every request without its cookie away.

const EXTENSION = resolve('extension', 'dist', 'unpacked'); // from the repository root
const PRODUCT_PAGE = `<!doctype html><html><head><title>Fjord Wool Blanket | Walled Shop</title>
  <script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Fjord Wool Blanket",
  "offers":{"@type":"Offer","price":"89.90","priceCurrency":"EUR"}}</script></head>
  <body><h1>Fjord Wool Blanket</h1><p>89,90 €</p></body></html>`;

// In order in one worker: its tests share one Chromium with the extension, built once (two builds
// at once would write the same folder).
test.describe.configure({ mode: 'default' });

let shop: Server;
let shopOrigin: string;
let profile: string;
let context: BrowserContext;

test.beforeAll(async () => {
  execFileSync('bun', ['scripts/build-extension.ts'], { stdio: 'pipe' });
  shop = createServer((request, response) => {
    if (!request.headers.cookie?.includes('passed_check=1')) return response.writeHead(403, { 'content-type': 'text/html' }).end('<title>Access denied</title>Access denied');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PRODUCT_PAGE);
  });
  await new Promise<void>((done) => shop.listen(0, '127.0.0.1', done));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  profile = mkdtempSync(join(tmpdir(), 'wishwell-extension-'));
  context = await chromium.launchPersistentContext(profile, {
    // Extensions load only in the full browser, not in the headless build the other specs use.
    executablePath: '/usr/bin/chromium',
    headless: true,
    baseURL: test.info().project.use.baseURL,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--disable-extensions-except=${EXTENSION}`, `--load-extension=${EXTENSION}`],
  });
});

test.afterAll(async () => {
  await context?.close();
  shop?.close();
  rmSync(profile, { recursive: true, force: true });
});

/** What the tests reach in the extension's service worker. */
interface ExtensionWorkerScope {
  chrome: {
    tabs: { query(filter: { url: string }): Promise<object[]> };
    storage: { local: { set(items: Record<string, string>): Promise<void> } };
  };
  wishwellCaptureTab(tab: object): Promise<void>;
}

async function extensionWorker(): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/** Presses the toolbar button for the shop's tab, as a click on it would (a test cannot reach the toolbar). */
async function pressToolbarButton(worker: Worker, pageUrl: string): Promise<void> {
  await worker.evaluate(async (url) => {
    const scope = globalThis as unknown as ExtensionWorkerScope;
    const [tab] = await scope.chrome.tabs.query({ url });
    await scope.wishwellCaptureTab(tab!);
  }, pageUrl);
}

test('the extension adds a product from a page the server cannot fetch, with the token from its options', async ({ browser }) => {
  const owner = await signedInPage(browser, 'Erin');
  const list = await apiCall<{ _id: string }>(owner.page, 'POST', '/wishlists', { name: 'Winter', theme: 'Other' });
  const created = await apiCall<{ token: string }>(owner.page, 'POST', '/users/tokens', { name: 'Browser extension', scope: 'read-write' });
  const productUrl = `${shopOrigin}/p/fjord-blanket`;
  await expect(apiCall(owner.page, 'POST', '/scrape', { url: productUrl })).rejects.toThrow(/502/);

  // The extension's browser is the owner's too: signed in to Wishwell, past the shop's check.
  await context.addCookies([...(await owner.context.cookies()), { name: 'passed_check', value: '1', url: shopOrigin }]);
  const worker = await extensionWorker();
  const extensionId = new URL(worker.url()).host;
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Wishwell address').fill(`${test.info().project.use.baseURL}/dashboard`);
  await options.getByLabel('API token').fill(created.token);
  await options.getByRole('button', { name: 'Save' }).click();
  await expect(options.getByRole('status')).toHaveText(/Saved/);
  await expect(options.getByLabel('Wishwell address')).toHaveValue(test.info().project.use.baseURL!);

  const shopPage = await context.newPage();
  await shopPage.goto(productUrl);
  await expect(shopPage.getByRole('heading', { name: 'Fjord Wool Blanket' })).toBeVisible();
  const opened = context.waitForEvent('page');
  await pressToolbarButton(worker, productUrl);
  const capture = await opened;
  const dialog = capture.getByRole('dialog', { name: 'Add Item' });
  await expect(dialog.getByLabel('Title')).toHaveValue('Fjord Wool Blanket');
  await expect(dialog.getByLabel('Price')).toHaveValue('89.90');
  await expect(dialog.getByLabel('Currency')).toHaveValue('EUR');
  await expect(dialog.getByLabel('Product link')).toHaveValue(productUrl);
  await dialog.getByRole('button', { name: 'Add Item' }).click();
  await expect(capture).toHaveURL(new RegExp(`/wishlist/${list._id}$`));
  await expect(itemCard(capture, 'Fjord Wool Blanket')).toBeVisible();
});

test("the server's refusal shows on Wishwell's page: a token it never issued", async () => {
  const worker = await extensionWorker();
  await worker.evaluate(() => (globalThis as unknown as ExtensionWorkerScope).chrome.storage.local.set({ token: 'ww_revoked-or-never-issued' }));
  const shopPage = await context.newPage();
  const productUrl = `${shopOrigin}/p/fjord-blanket?again`;
  await shopPage.goto(productUrl);
  const opened = context.waitForEvent('page');
  await pressToolbarButton(worker, productUrl);
  const capture = await opened;
  await expect(capture.getByText('The page could not be read')).toBeVisible();
  await expect(capture.getByText('Please sign in to continue.')).toBeVisible();
});
