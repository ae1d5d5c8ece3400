import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScrapeLogEntry } from '@wishwell/shared/scrape-types';
import { ApiClient } from '../support/api-client';
import { startFixtureServer } from '../support/scrape-fixtures';
import { startTestServer, type TestServer } from '../support/test-server';

const fixtures = startFixtureServer({
  '/custom': () =>
    new Response(
      `<html><head><title>Home | Corner Shop</title></head><body>
        <div class="crumbs">Lamps</div><div class="item-name">Selector Lamp</div>
        <span class="cost"><del>£20.00</del> <b>£15</b><sup>99</sup></span>
        <img class="pic" src="/small.jpg" data-large="/big.jpg"></body></html>`,
      { headers: { 'content-type': 'text/html' } },
    ),
  '/bare': () => new Response('<html><body><p>Sold out.</p></body></html>', { headers: { 'content-type': 'text/html' } }),
  '/wall': () => new Response('<html><head><title>Just a moment...</title></head></html>', { status: 503, headers: { 'content-type': 'text/html' } }),
});
const shop = `http://127.0.0.1:${fixtures.port}`;
const password = 'correct horse battery';

let server: TestServer;
let admin: ApiClient;
let member: ApiClient;

async function signedUp(name: string, target: TestServer = server): Promise<ApiClient> {
  const client = new ApiClient(target.url);
  const res = await client.post('/users/register', { name, email: `${name.toLowerCase()}@example.com`, password, domain: 'localhost' });
  expect(res.status).toBe(201);
  return client;
}

beforeAll(async () => {
  server = await startTestServer({ SCRAPE_ALLOW_HOSTS: '127.0.0.1' });
  admin = await signedUp('Ada'); // the first account is the admin
  member = await signedUp('Bob');
});
afterAll(async () => {
  await server.stop();
  fixtures.stop(true);
});

describe('who may scrape', () => {
  it('refuses callers without an account or a list capability', async () => {
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post('/scrape', { url: `${shop}/steam-civilization-v.html` })).status).toBe(401);
    await anonymous.get('/referral-rules'); // picks up the XSRF cookie, as the site would
    anonymous.cookies.set('wl_cap_someList', 'forged-secret');
    expect((await anonymous.post('/scrape', { url: `${shop}/steam-civilization-v.html` })).status).toBe(401);
  });

  it('answers a signed-in user with the product', async () => {
    const res = await member.post('/scrape', { url: `${shop}/amazon-co-uk-book.html`, userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      title: 'Vegetable Perfection: 100 delicious recipes for roots, bulbs, shoots and stems',
      price: '4.45',
      priceIsRange: false,
      currency: 'GBP',
      imageUrl: 'https://m.media-amazon.com/images/I/91EpHNSPFnL._SL1500_.jpg',
      description: expect.stringContaining('Vegetable Perfection'),
      url: `${shop}/amazon-co-uk-book.html`,
      referralProgram: null,
      giftCardUrl: null,
    });
  });

  it('answers a guest who holds the edit capability of a guest list', async () => {
    const guest = new ApiClient(server.url);
    expect((await guest.post('/wishlists/guest', { name: 'My New Wishlist', theme: 'Other' })).status).toBeLessThan(300);
    expect([...guest.cookies.keys()].some((name) => name.startsWith('wl_cap_'))).toBe(true);
    const res = await guest.post('/scrape', { url: `${shop}/steam-civilization-v.html` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Sid Meier's Civilization® V", price: '29.99', currency: 'USD' });
  });
});

describe('failures', () => {
  it('reports a robot check and an unreachable page as scraping failures with a reason', async () => {
    const wall = await member.post('/scrape', { url: `${shop}/wall` });
    expect(wall.status).toBe(502);
    expect(wall.body.message).toMatch(/^Scraping failed: .*robot check/);
    const missing = await member.post('/scrape', { url: `${shop}/no-such-page.html` });
    expect(missing.status).toBe(502);
    expect(missing.body.message).toMatch(/^Scraping failed/);
  });

  it('refuses private addresses and odd schemes with a 400 that says why', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd', 'http://[::1]/', 'not a link']) {
      const res = await member.post('/scrape', { url });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/can(not)? be scraped|does not look like a web address/);
    }
  });

  it('logs a page read without a title as incomplete, the user having been asked to complete it', async () => {
    const scraped = await member.post('/scrape', { url: `${shop}/bare` });
    expect(scraped.status).toBe(200);
    expect(scraped.body.title).toBe('');
    const entries = (await admin.get('/logs/scrape')).body.entries as ScrapeLogEntry[];
    expect(entries.find((l) => l.sourceUrl === `${shop}/bare`)).toMatchObject({ outcome: 'partial', error: expect.stringMatching(/^Incomplete: no product title found/) });
  });

  it('logs every attempt for the admin, with who asked and from where', async () => {
    expect((await member.get('/logs/scrape')).status).toBe(403);
    const logs = await admin.get('/logs/scrape');
    expect(logs.status).toBe(200);
    const entries = logs.body.entries as ScrapeLogEntry[];
    const failed = entries.find((l) => l.sourceUrl === `${shop}/wall`);
    expect(failed).toMatchObject({ success: false, requestedBy: { name: 'Bob' }, ipAddress: '127.0.0.1', error: expect.stringMatching(/robot check/) });
    const succeeded = entries.find((l) => l.sourceUrl === `${shop}/amazon-co-uk-book.html`);
    expect(succeeded).toMatchObject({ success: true, outcome: 'success', durationMs: expect.any(Number), strategy: 'cheerio', requestedBy: { name: 'Bob' } });
    expect(entries.find((l) => l.sourceUrl === `${shop}/steam-civilization-v.html` && l.success)).toMatchObject({ requestedBy: null });
  });
});

describe('scraper configs (Scraper Strategy Management)', () => {
  const custom = { domain: 'https://127.0.0.1/', strategy: 'cheerio', titleSelector: '.item-name', priceSelector: '.cost', imageSelector: 'img.pic', imageAttribute: 'data-large', isPriceComplex: true, notes: 'Split prices' };

  it('is for admins only', async () => {
    expect((await new ApiClient(server.url).get('/scraper-configs')).status).toBe(401);
    expect((await member.get('/scraper-configs')).status).toBe(403);
    expect((await member.post('/scraper-configs', custom)).status).toBe(403);
  });

  it('uses the selectors of the domain, tracks the average scrape time, and blocks with strategy none', async () => {
    const created = await admin.post('/scraper-configs', custom);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...custom, domain: '127.0.0.1', _id: expect.any(String), averageScrapeTimeMs: null });
    expect((await admin.post('/scraper-configs', { ...custom, domain: '127.0.0.1' })).status).toBe(409);
    const bad = await admin.post('/scraper-configs', { ...custom, domain: 'bad.example.com', priceSelector: 'span[' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Price selector is not a valid CSS selector.');

    const scraped = await member.post('/scrape', { url: `${shop}/custom` });
    expect(scraped.body).toMatchObject({ title: 'Selector Lamp', price: '15.99', currency: 'GBP', imageUrl: `${shop}/big.jpg` });
    const listed = await admin.get('/scraper-configs');
    expect(listed.body.find((c: { _id: string }) => c._id === created.body._id).averageScrapeTimeMs).toEqual(expect.any(Number));

    const blocked = await admin.put(`/scraper-configs/${created.body._id}`, { ...custom, strategy: 'none' });
    expect(blocked.body.strategy).toBe('none');
    const refused = await member.post('/scrape', { url: `${shop}/shopify-buykud-robe.html` });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Scraping is turned off for this shop: please add the details by hand.');

    expect((await admin.delete(`/scraper-configs/${created.body._id}`)).status).toBe(200);
    expect((await admin.delete(`/scraper-configs/${created.body._id}`)).status).toBe(404);
    expect((await member.post('/scrape', { url: `${shop}/shopify-buykud-robe.html` })).status).toBe(200);
  });
});

describe('referral rules in the scrape answer', () => {
  it('gives the clean affiliate URL, the program and the gift card URL of the first matching rule', async () => {
    const rule = await admin.post('/referral-rules', {
      matcher: '127.0.0.1',
      programName: 'Local Shop',
      referralCode: 'ww-21',
      idRegex: '/([a-z0-9-]+)\\.html',
      urlStructure: 'https://shop.example/p/{ID}?tag={TAG}',
      giftCardUrl: 'https://shop.example/gift-cards?tag={TAG}',
    });
    expect(rule.status).toBe(201);
    const res = await member.post('/scrape', { url: `${shop}/rei-quickdraw-set.html` });
    expect(res.body).toMatchObject({
      url: 'https://shop.example/p/rei-quickdraw-set?tag=ww-21',
      referralProgram: 'Local Shop',
      giftCardUrl: 'https://shop.example/gift-cards?tag=ww-21',
    });
    expect((await admin.delete(`/referral-rules/${rule.body._id}`)).status).toBe(200);
  });
});

describe('limits and the test-only allow list', () => {
  let limited: TestServer;
  beforeAll(() => server.stop()); // done with the file's server: this group's own then runs in the test worker, not as a process
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_SCRAPE_USER: '3', RATE_LIMIT_SCRAPE_IP: '5' });
  });
  afterAll(() => limited.stop());

  it('refuses a local address when SCRAPE_ALLOW_HOSTS is not set', async () => {
    const user = await signedUp('Cy', limited);
    const res = await user.post('/scrape', { url: `${shop}/steam-civilization-v.html` });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Links to private or local network addresses cannot be scraped.');
  });

  it('answers 429 with a message past the per-user and then the per-IP limit', async () => {
    const first = await signedUp('Dee', limited);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await first.post('/scrape', { url: 'http://10.0.0.1/' })).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
    const second = await signedUp('Eve', limited);
    // Cy (1) and Dee (4, the refused one included) have used this IP's 5 scrapes.
    const res = await second.post('/scrape', { url: 'http://10.0.0.1/' });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^Too many product links scraped\. Please try again in \d+ minutes?\.$/);
  });
});
