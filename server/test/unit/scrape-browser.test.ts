import { afterAll, describe, expect, it } from 'vitest';
import { BrowserPool, findChromium } from '../../src/features/scrape/browser-pool';
import { Scraper } from '../../src/features/scrape/scraper';

const chromium = findChromium(process.env.CHROMIUM_PATH ?? null);

// A server on another loopback address stands for the private network: nothing may reach it.
let privateHits: string[] = [];
const privateServer = Bun.serve({
  port: 0,
  hostname: '127.0.0.2',
  fetch(request, server) {
    privateHits.push(new URL(request.url).pathname);
    if (server.upgrade(request)) return undefined;
    return new Response('secret', { headers: { 'access-control-allow-origin': '*' } });
  },
  websocket: { message() {} },
});
const secret = `127.0.0.2:${privateServer.port}`;

/** A shop page whose product only exists once its script has run, and which tries to reach the private server. */
const SCRIPTED_PAGE = `<!doctype html><html><head><title>Loading…</title></head><body><div id="app"></div>
<img src="http://${secret}/pixel.png">
<iframe src="http://${secret}/frame"></iframe>
<link rel="stylesheet" href="http://${secret}/style.css">
<script src="http://${secret}/script.js"></script>
<script>
  fetch('http://${secret}/steal').catch(() => {});
  try { new WebSocket('ws://${secret}/socket'); } catch (e) {}
  navigator.sendBeacon && navigator.sendBeacon('http://${secret}/beacon', 'x');
  const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Rendered Teapot', image: '/teapot.jpg',
    offers: { '@type': 'Offer', price: '34.50', priceCurrency: 'GBP' } };
  const ld = document.createElement('script'); ld.type = 'application/ld+json'; ld.textContent = JSON.stringify(product);
  document.head.appendChild(ld);
  document.getElementById('app').innerHTML = '<h1>Rendered Teapot</h1>';
  document.title = 'Rendered Teapot | Teashop';
</script></body></html>`;

/** Holds a script request open, as a stalled tracker would. */
const SLOW_PAGE = `<html><head><title>Slow Shop Lamp</title><meta property="og:price:amount" content="42"><meta property="og:price:currency" content="EUR">
<script src="/stalled-tracker.js"></script></head><body><h1>Slow Shop Lamp</h1></body></html>`;

const shop = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/stalled-tracker.js') return new Promise<Response>(() => {});
    return new Response(path === '/slow' ? SLOW_PAGE : SCRIPTED_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  },
});
const policy = { allowHosts: ['127.0.0.1'] };
const pool = chromium ? new BrowserPool({ executablePath: chromium, policy, idleMs: 300, navigationTimeoutMs: 1_500 }) : null;

afterAll(async () => {
  await pool?.close();
  shop.stop(true);
  privateServer.stop(true);
});

describe.skipIf(!pool)('puppeteer strategy', () => {
  it('renders the page, extracts the product and blocks every sub-request to a private address', async () => {
    privateHits = [];
    const scraper = new Scraper(policy, pool);
    const config = { _id: 'x', domain: '127.0.0.1', strategy: 'puppeteer' as const, notes: '', titleSelector: '', priceSelector: '', imageSelector: '', imageAttribute: 'src', isPriceComplex: false, averageScrapeTimeMs: null };
    const page = await scraper.scrape(new URL(`http://127.0.0.1:${shop.port}/teapot`), config, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
    expect(page.strategy).toBe('puppeteer');
    expect(page.product).toMatchObject({ title: 'Rendered Teapot', price: '34.50', currency: 'GBP', imageUrl: `http://127.0.0.1:${shop.port}/teapot.jpg` });
    await Bun.sleep(200);
    expect(privateHits).toEqual([]);
  });

  it('reads a page whose stalled script holds up loading once the navigation time is up', async () => {
    const scraper = new Scraper(policy, pool);
    const config = { _id: 'x', domain: '127.0.0.1', strategy: 'puppeteer' as const, notes: '', titleSelector: '', priceSelector: '', imageSelector: '', imageAttribute: 'src', isPriceComplex: false, averageScrapeTimeMs: null };
    const page = await scraper.scrape(new URL(`http://127.0.0.1:${shop.port}/slow`), config, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
    expect(page.product).toMatchObject({ title: 'Slow Shop Lamp', price: '42.00', currency: 'EUR' });
  });

  it('falls back to the browser when the plain fetch finds no title, and closes the browser when idle', async () => {
    const plainPage = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => new Response(`<html><body><script>document.body.innerHTML = '<h1>Script Only Kettle</h1>';</script></body></html>`, { headers: { 'content-type': 'text/html' } }),
    });
    try {
      const page = await new Scraper(policy, pool).scrape(new URL(`http://127.0.0.1:${plainPage.port}/`), null, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
      expect(page).toMatchObject({ strategy: 'puppeteer', product: { title: 'Script Only Kettle' } });
    } finally {
      plainPage.stop(true);
    }
    expect(pool!.running).toBe(true);
    await Bun.sleep(1_000);
    expect(pool!.running).toBe(false);
  });
});
