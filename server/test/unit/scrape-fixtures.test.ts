import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { FetchFailed, MAX_BODY_BYTES } from '../../src/features/scrape/guarded-fetch';
import { BotWallFailure, Scraper, type ScrapedPage } from '../../src/features/scrape/scraper';
import { currencyMatches, type FixturePage, fixturePages, imageMatches, priceMatches, startFixtureServer, titleMatches } from '../support/scrape-fixtures';

const GBK_NAME = '乳白亚克力外壳 60%键盘外壳';
const GBK_TEXT = '透光外壳，无加强筋底壳，适合客制化机械键盘。'.repeat(20);
const html = (body: string, headers: Record<string, string> = {}) => () => new Response(body, { headers: { 'content-type': 'text/html', ...headers } });
const server = startFixtureServer({
  '/wall': () => new Response('<html><head><title>Just a moment...</title></head><body><div id="cf-challenge"></div></body></html>', { status: 503, headers: { 'content-type': 'text/html' } }),
  '/captcha': html('<html><head><title>Amazon.com</title></head><body><form action="/errors/validateCaptcha">Enter the characters you see below</form></body></html>'),
  '/pdf': () => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }),
  '/gone': () => new Response('<title>Not here</title>', { status: 404, headers: { 'content-type': 'text/html' } }),
  '/gzip': () => new Response(gzipSync('<html><head><title>Packed Kettle</title><meta property="og:price:amount" content="12.50"><meta property="og:price:currency" content="GBP"></head></html>'), { headers: { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' } }),
  '/huge': html(`<html><head><title>Huge Lamp</title><meta property="product:price:amount" content="9.99"><meta property="product:price:currency" content="EUR"></head><body>${'x'.repeat(MAX_BODY_BYTES + 1024)}</body></html>`),
  '/latin1': () => new Response(Buffer.from('<html><head><meta charset="iso-8859-1"><title>Crème brûlée set</title></head></html>', 'latin1'), { headers: { 'content-type': 'text/html' } }),
  '/gbk-http-equiv': () => new Response(new Uint8Array(iconv.encode(`<html><head><meta http-equiv="Content-Type" content="text/html; charset=gb2312"><title>${GBK_NAME}</title></head></html>`, 'gbk')), { headers: { 'content-type': 'text/html' } }),
  '/gbk-undeclared': () => new Response(new Uint8Array(iconv.encode(`<html><head><title>${GBK_NAME}</title></head><body><p>${GBK_TEXT}</p></body></html>`, 'gbk')), { headers: { 'content-type': 'text/html' } }),
  '/mislabelled': () => new Response(new Uint8Array(iconv.encode(`<html><head><meta charset="utf-8"><title>${GBK_NAME}</title></head><body><p>${GBK_TEXT}</p></body></html>`, 'gbk')), { headers: { 'content-type': 'text/html' } }),
});
afterAll(() => server.stop(true));

// The level reached on the 40 pages (issue 15 asks 95% per field). Never lower a floor.
const ACCURACY_FLOOR = { title: 0.975, price: 0.975, currency: 0.975, image: 0.975 };

const base = `http://127.0.0.1:${server.port}`;
const scraper = new Scraper({ allowHosts: ['127.0.0.1'] }, null);
const scrape = (path: string) => scraper.scrape(new URL(base + path), null, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));

describe('scraping the real shop pages end to end (local HTTP server, cheerio strategy)', async () => {
  const pages = fixturePages();
  const results = new Map<string, ScrapedPage>();
  for (const page of pages) results.set(page.file, await scrape(`/${page.file}`));
  // Relative images resolve against the local server: compare them as if served from the shop.
  const asOnShop = (url: string, original: string) => url.replace(base, new URL(original).origin);

  const accuracy = (matches: (page: FixturePage) => boolean) => pages.filter(matches).length / pages.length;
  const fieldAccuracy: Record<keyof typeof ACCURACY_FLOOR, number> = {
    title: accuracy((page) => titleMatches(results.get(page.file)!.product.title, page)),
    price: accuracy((page) => priceMatches(results.get(page.file)!.product.price, page)),
    currency: accuracy((page) => currencyMatches(results.get(page.file)!.product.currency, page)),
    image: accuracy((page) => imageMatches(results.get(page.file)!.product.imageUrl, page, (url) => asOnShop(url, page.url))),
  };
  console.log(`scrape accuracy on ${pages.length} shop pages:`, Object.entries(fieldAccuracy).map(([field, value]) => `${field} ${(value * 100).toFixed(1)}%`).join(', '));
  for (const [field, floor] of Object.entries(ACCURACY_FLOOR) as [keyof typeof ACCURACY_FLOOR, number][]) {
    it(`finds the ${field} on at least ${floor * 100}% of the pages`, () => {
      expect(fieldAccuracy[field]).toBeGreaterThanOrEqual(floor);
    });
  }

  it('reads the GBK and Latin-1 pages with the right characters', () => {
    expect(results.get('taobao-keyboard-case.html')!.product.title).toContain('乳白亚克力外壳');
    expect(results.get('thinkgeek-playing-cards-latin1.html')!.product.title).toBe('Citizen Playing Cards');
  });

  it('prefers the buy-box price on Amazon and takes the low end of a range', () => {
    expect(results.get('amazon-com-wall-sconce.html')!.product).toMatchObject({ price: '29.99', currency: 'USD' });
    expect(results.get('aliexpress-iphone-se.html')!.product).toMatchObject({ price: '97.39', currency: 'EUR', priceIsRange: true });
  });
});

describe('pages that are not products', () => {
  it('reports a robot check as a failure with a reason, never as a title', async () => {
    await expect(scrape('/wall')).rejects.toThrow(BotWallFailure);
    await expect(scrape('/wall')).rejects.toThrow(/robot check/);
    await expect(scrape('/captcha')).rejects.toThrow(BotWallFailure);
  });

  it('refuses content that is not HTML and HTTP errors', async () => {
    await expect(scrape('/pdf')).rejects.toThrow(/not a web page/);
    await expect(scrape('/gone')).rejects.toThrow(FetchFailed);
  });

  it('reads compressed pages, Latin-1 pages and stops reading at the size cap', async () => {
    expect((await scrape('/gzip')).product).toMatchObject({ title: 'Packed Kettle', price: '12.50', currency: 'GBP' });
    expect((await scrape('/latin1')).product.title).toBe('Crème brûlée set');
  });

  it('reads a GBK page whose charset is only in a meta http-equiv, only in its bytes, or declared wrong, never with U+FFFD', async () => {
    for (const path of ['/gbk-http-equiv', '/gbk-undeclared', '/mislabelled']) {
      const { title } = (await scrape(path)).product;
      expect(title).toBe(GBK_NAME);
      expect(title).not.toContain('\uFFFD');
    }
    expect((await scrape('/huge')).product).toMatchObject({ title: 'Huge Lamp', price: '9.99', currency: 'EUR' });
  });
});
