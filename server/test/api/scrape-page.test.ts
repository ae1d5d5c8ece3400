/**
 * POST /scrape/page: a product page the user's browser rendered (bookmarklet, extension) is read
 * by the same extractor, with nothing fetched: a shop that turns the server away still gives
 * its product. Accounts only (session or API token), rate-limited with POST /scrape, capped at
 * 4 MB, and the page's HTML is hostile: its scripts are not read and its image address must pass
 * the rules a pasted link passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScrapeLogEntry } from '@wishwell/shared/scrape-types';
import { ApiClient } from '../support/api-client';
import { createApiToken } from '../support/api-tokens';
import { startTestServer, type TestServer } from '../support/test-server';
import { guestWithList, signUp, type Account } from '../support/wishlists';

/** A shop that answers every server fetch with 403 "Access denied", counting those of its pages. */
let shopFetches = 0;
const walledShop = Bun.serve({
  port: 0,
  fetch(request) {
    // The scraper's headless browser asks for a favicon in its own time: not a fetch of the product.
    if (!request.url.endsWith('/favicon.ico')) shopFetches++;
    return new Response('<html><head><title>Access denied</title></head><body>Access denied</body></html>', { status: 403, headers: { 'content-type': 'text/html' } });
  },
});
const shop = `http://127.0.0.1:${walledShop.port}`;

/** The product page as the user's browser shows it. */
function productPage(extra = ''): string {
  return `<!doctype html><html><head><title>Trail Lantern 400 | Walled Shop</title>
    <meta property="og:site_name" content="Walled Shop"></head><body>
    <h1>Trail Lantern 400</h1>
    <script>window.price = '£999.00'; document.title = 'Injected by script';</script>
    <div class="price"><span>£34.50</span></div>
    <img src="/media/lantern-large.jpg" alt="Trail Lantern 400" width="800" height="800">
    ${extra}</body></html>`;
}

let server: TestServer;
let admin: Account;
let member: Account;

beforeAll(async () => {
  server = await startTestServer({ SCRAPE_ALLOW_HOSTS: '127.0.0.1' });
  admin = await signUp(server.url, 'Ada'); // the first account is the admin
  member = await signUp(server.url, 'Bob');
});
afterAll(async () => {
  await server.stop();
  walledShop.stop(true);
});

describe('reading the page the browser shows', () => {
  it('gives the product of a shop that turns the server away, without fetching it', async () => {
    const fetched = await member.client.post('/scrape', { url: `${shop}/p/lantern` });
    expect(fetched.status).toBe(502);
    const before = shopFetches;

    const res = await member.client.post('/scrape/page', { url: `${shop}/p/lantern?colour=red`, html: productPage() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      title: 'Trail Lantern 400',
      price: '34.50',
      priceIsRange: false,
      currency: 'GBP',
      imageUrl: `${shop}/media/lantern-large.jpg`,
      description: '',
      url: `${shop}/p/lantern?colour=red`,
      referralProgram: null,
      giftCardUrl: null,
      products: [],
    });
    expect(shopFetches).toBe(before);
  });

  it('leaves out an image on a private address, and refuses a page address a link could not have', async () => {
    const html = productPage().replace('/media/lantern-large.jpg', 'http://169.254.169.254/latest/meta-data/lantern.jpg');
    const res = await member.client.post('/scrape/page', { url: `${shop}/p/lantern`, html });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Trail Lantern 400', imageUrl: '' });

    for (const url of ['http://10.0.0.7/p/lantern', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const refused = await member.client.post('/scrape/page', { url, html: productPage() });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/can(not)? be scraped|does not look like a web address/);
    }
  });

  it('refuses a captured robot check with a reason', async () => {
    const wall = await member.client.post('/scrape/page', { url: `${shop}/p/lantern`, html: '<html><head><title>Just a moment...</title></head><body></body></html>' });
    expect(wall.status).toBe(422);
    expect(wall.body.message).toMatch(/^Scraping failed: .*robot check/);
  });

  it('logs a capture for the admin as its own strategy', async () => {
    const owner = await signUp(server.url, 'Cleo');
    expect((await owner.client.post('/scrape/page', { url: `${shop}/logged`, html: productPage() })).status).toBe(200);
    const logs = await admin.client.get('/logs/scrape');
    const entry = (logs.body.entries as ScrapeLogEntry[]).find((l) => l.sourceUrl === `${shop}/logged`);
    expect(entry).toMatchObject({ success: true, strategy: 'capture', requestedBy: { name: 'Cleo' } });
  });
});

describe('a page that lists several products', () => {
  const favourites = (entries: object[]) => `<html><head><title>My favourites | Walled Shop</title>
    <script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', '@type': 'ItemList', itemListElement: entries })}</script>
    </head><body><h1>My favourites</h1></body></html>`;
  const product = (name: string, url: string, price: string, image: string) => ({
    '@type': 'ListItem',
    item: { '@type': 'Product', name, url, image, offers: { '@type': 'Offer', price, priceCurrency: 'GBP' } },
  });

  it('answers each listed product with its own link, price and picture, addresses resolved and checked', async () => {
    const html = favourites([
      product('Trail Lantern 400', '/p/lantern', '34.50', '/media/lantern.jpg'),
      product('Camp Kettle', `${shop}/p/kettle`, '19.99', 'http://10.1.2.3/kettle.jpg'),
      product('Intranet Stove', 'http://10.0.0.9/p/stove', '80.00', '/media/stove.jpg'),
      { '@type': 'ListItem', name: 'Folding Chair', url: '/p/chair' },
    ]);
    const res = await member.client.post('/scrape/page', { url: `${shop}/account/favourites`, html });
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([
      { title: 'Trail Lantern 400', url: `${shop}/p/lantern`, price: '34.50', currency: 'GBP', imageUrl: `${shop}/media/lantern.jpg` },
      { title: 'Camp Kettle', url: `${shop}/p/kettle`, price: '19.99', currency: 'GBP', imageUrl: '' },
      { title: 'Folding Chair', url: `${shop}/p/chair`, price: '', currency: '', imageUrl: '' },
    ]);
  });

  /** A favourites page as plain markup: a row of cards, each a picture link, a name and a price. */
  const card = (slug: string, name: string, price: string, extra = '') =>
    `<li class="fav"><a href="/p/${slug}"><img src="/media/${slug}.jpg" alt=""></a><h3><a href="/p/${slug}">${name}</a></h3><div class="cost">${extra}<span>${price}</span></div><button>Remove</button></li>`;
  const cardsPage = (cards: string, head = '') => `<html><head><title>My favourites | Walled Shop</title>${head}</head><body>
    <header><a href="/"><img src="/media/logo.png" alt="Walled Shop"></a></header><h1>My favourites</h1><ul class="favs">${cards}</ul>
    <div class="recommended"><div class="tile"><a href="/p/ad"><img src="/media/ad.jpg"></a>£1.00</div><div class="tile"><a href="/p/ad2"><img src="/media/ad2.jpg"></a>£2.00</div></div></body></html>`;

  it('reads a row of product cards without structured data: link, name, current price and picture of each', async () => {
    const html = cardsPage(card('lantern', 'Trail Lantern 400', '£34.50') + card('kettle', 'Camp Kettle', '£19.99', '<del>£24.99</del>') + card('chair', 'Folding Chair', '£45.00'));
    const res = await member.client.post('/scrape/page', { url: `${shop}/account/favourites`, html });
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([
      { title: 'Trail Lantern 400', url: `${shop}/p/lantern`, price: '34.50', currency: 'GBP', imageUrl: `${shop}/media/lantern.jpg` },
      { title: 'Camp Kettle', url: `${shop}/p/kettle`, price: '19.99', currency: 'GBP', imageUrl: `${shop}/media/kettle.jpg` },
      { title: 'Folding Chair', url: `${shop}/p/chair`, price: '45.00', currency: 'GBP', imageUrl: `${shop}/media/chair.jpg` },
    ]);
  });

  it("lists no cards on a product page: its recommendations are not the user's list", async () => {
    const html = cardsPage(card('kettle', 'Camp Kettle', '£19.99') + card('chair', 'Folding Chair', '£45.00'), '<meta property="og:type" content="product">');
    const res = await member.client.post('/scrape/page', { url: `${shop}/p/lantern`, html });
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([]);
  });

  it('lists nothing on a page about one product', async () => {
    const html = favourites([product('Trail Lantern 400', '/p/lantern', '34.50', '/media/lantern.jpg')]);
    const res = await member.client.post('/scrape/page', { url: `${shop}/p/lantern-list`, html });
    expect(res.status).toBe(200);
    expect(res.body.products).toEqual([]);
  });
});

describe('who may capture', () => {
  it('takes a session or a read-write API token, and refuses anyone else', async () => {
    const readWrite = (await createApiToken(member, 'read-write')).token;
    const byToken = await new ApiClient(server.url).call('POST', '/scrape/page', { url: `${shop}/p/token`, html: productPage() }, { bearer: readWrite });
    expect(byToken.status).toBe(200);
    expect(byToken.body.title).toBe('Trail Lantern 400');

    const readOnly = (await createApiToken(member, 'read')).token;
    expect((await new ApiClient(server.url).call('POST', '/scrape/page', { url: `${shop}/p/token`, html: productPage() }, { bearer: readOnly })).status).toBe(403);
    expect((await new ApiClient(server.url).post('/scrape/page', { url: `${shop}/p/token`, html: productPage() })).status).toBe(401);
    const guest = await guestWithList(server.url);
    expect((await guest.client.post('/scrape/page', { url: `${shop}/p/token`, html: productPage() })).status).toBe(401);
  });
});

describe('size', () => {
  it('takes a 3 MB page (more than other JSON bodies) and refuses one over 4 MB with 413 and a reason', async () => {
    const padding = (bytes: number) => `<div class="reviews">${'Nice lantern. '.repeat(Math.ceil(bytes / 14))}</div>`;
    const large = await member.client.post('/scrape/page', { url: `${shop}/p/large`, html: productPage(padding(3 * 1024 * 1024)) });
    expect(large.status).toBe(200);
    expect(large.body.price).toBe('34.50');

    const tooLarge = await member.client.post('/scrape/page', { url: `${shop}/p/huge`, html: productPage(padding(4.2 * 1024 * 1024)) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('The captured page is larger than 4 MB. Add the item by its link instead.');
    const german = await member.client.call('POST', '/scrape/page', { url: `${shop}/p/huge`, html: productPage(padding(4.2 * 1024 * 1024)) }, { headers: { 'accept-language': 'de' } });
    expect(german.body.message).toBe('Die erfasste Seite ist größer als 4 MB. Füge den Artikel stattdessen über seinen Link hinzu.');
  });
});

describe('rate limit', () => {
  let limited: TestServer;
  beforeAll(() => server.stop()); // done with the file's server: this group's own then runs in the test worker, not as a process
  beforeAll(async () => {
    limited = await startTestServer({ SCRAPE_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_SCRAPE_USER: '3' });
  });
  afterAll(() => limited.stop());

  it('counts captures and fetched links together, per account', async () => {
    await signUp(limited.url, 'Admin');
    const person = await signUp(limited.url, 'Dee');
    expect((await person.client.post('/scrape', { url: `${shop}/p/one` })).status).toBe(502);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await person.client.post('/scrape/page', { url: `${shop}/p/${i}`, html: productPage() })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
