import { join } from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { BrowserPool, findChromium } from '../../src/features/scrape/browser-pool';
import { declaringUtf8 } from '../../src/features/scrape/charset';
import { Scraper } from '../../src/features/scrape/scraper';
import { ManualClock } from '../support/manual-clock';
import { browserProcessesOf, running } from '../support/processes';

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

/** Another site's tracker (another host name) that never answers; its requests are counted. */
let trackerHits = 0;
const tracker = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch() {
    trackerHits++;
    return new Promise<Response>(() => {});
  },
});
/** The product comes from the shop's own script; the page also loads a tracker from another site before it. */
const THIRD_PARTY_PAGE = `<html><head><title>Loading…</title><script src="http://localhost:${tracker.port}/tracker.js"></script></head>
<body><div id="app"></div><script src="/app.js"></script></body></html>`;

/**
 * A page served without a charset header whose product name only exists once its script has run.
 * Its charset is declared late, after some text (Chromium then guesses from the bytes), or not at
 * all (Chromium then reads UTF-8 as windows-1252).
 */
const undeclaredPage = (name: string, charset: string, text: string, declared: boolean) => {
  const bytes = iconv.encode(
    `<html><head></head><body><p>${text.repeat(600)}</p>${declared ? `<meta charset="${charset}">` : ''}<div id="app"></div>
<script>document.title = '${name}'; document.getElementById('app').innerHTML = '<h1>${name}</h1>';</script></body></html>`,
    charset,
  );
  return new Response(new Uint8Array(bytes), { headers: { 'content-type': 'text/html' } });
};

/** Images are never loaded, so a page's "picture failed" handler always swaps in its placeholder. */
const FALLBACK_IMAGE_PAGE = `<html><head><title>Copper Kettle</title><meta property="og:image" content="/kettle.jpg"></head><body><h1>Copper Kettle</h1>
<img id="hero-image" src="/kettle.jpg" onerror="this.onerror = null; this.src = '/unavailable.png'"></body></html>`;

const shop = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch(request) {
    const path = new URL(request.url).pathname;
    if (path === '/stalled-tracker.js') return new Promise<Response>(() => {});
    if (path === '/app.js') return new Response("document.title = 'First Party Vase'; document.getElementById('app').innerHTML = '<h1>First Party Vase</h1>';", { headers: { 'content-type': 'text/javascript' } });
    if (path === '/third-party') return new Response(THIRD_PARTY_PAGE, { headers: { 'content-type': 'text/html' } });
    if (path === '/gbk') return undeclaredPage('乳白亚克力外壳', 'gbk', '商品', true);
    if (path === '/latin1') return undeclaredPage('Crème brûlée set', 'iso-8859-1', 'Crème ', true);
    if (path === '/utf8') return undeclaredPage('Crème brûlée set', 'utf-8', 'Crème ', false);
    if (path === '/fallback-image') return new Response(FALLBACK_IMAGE_PAGE, { headers: { 'content-type': 'text/html' } });
    return new Response(path === '/slow' ? SLOW_PAGE : SCRIPTED_PAGE, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  },
});
const policy = { allowHosts: ['127.0.0.1'] };
/** The pool's idle close comes when the test moves this clock. */
const clock = new ManualClock();
const pool = chromium ? new BrowserPool({ executablePath: chromium, policy, idleMs: 60_000, navigationTimeoutMs: 1_500, clock }) : null;

afterAll(async () => {
  await pool?.close();
  shop.stop(true);
  privateServer.stop(true);
  tracker.stop(true);
});

const puppeteerConfig = { _id: 'x', domain: '127.0.0.1', strategy: 'puppeteer' as const, notes: '', titleSelector: '', priceSelector: '', imageSelector: '', imageAttribute: 'src', isPriceComplex: false, averageScrapeTimeMs: null };

describe('a fetched page handed to the browser as UTF-8', () => {
  it('has the charset declarations in its head rewritten, and nothing else', () => {
    const page = '<html><head><meta charset="gbk"><meta http-equiv="Content-Type" content="text/html; charset=GB2312"></head><body><p>charset=gbk</p></body></html>';
    expect(declaringUtf8(page)).toBe('<html><head><meta charset="utf-8"><meta http-equiv="Content-Type" content="text/html; charset=utf-8"></head><body><p>charset=gbk</p></body></html>');
  });
});

describe.skipIf(!pool)('puppeteer strategy', () => {
  it.each([
    ['GBK', '/gbk', '乳白亚克力外壳'],
    ['Latin-1', '/latin1', 'Crème brûlée set'],
    ['UTF-8', '/utf8', 'Crème brûlée set'],
  ])('reads a %s page served without a charset header with the right characters', async (_, path, name) => {
    const page = await new Scraper(policy, pool).scrape(new URL(`http://127.0.0.1:${shop.port}${path}`), puppeteerConfig, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
    expect(page).toMatchObject({ strategy: 'puppeteer', product: { title: name } });
  });

  it("keeps the page's product picture when its script swaps in a placeholder", async () => {
    const page = await new Scraper(policy, pool).scrape(new URL(`http://127.0.0.1:${shop.port}/fallback-image`), puppeteerConfig, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
    expect(page.product).toMatchObject({ title: 'Copper Kettle', imageUrl: `http://127.0.0.1:${shop.port}/kettle.jpg` });
  });

  it('renders the page, extracts the product and blocks every sub-request to a private address', async () => {
    privateHits = [];
    const scraper = new Scraper(policy, pool);
    const page = await scraper.scrape(new URL(`http://127.0.0.1:${shop.port}/teapot`), puppeteerConfig, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
    expect(page.strategy).toBe('puppeteer');
    expect(page.product).toMatchObject({ title: 'Rendered Teapot', price: '34.50', currency: 'GBP', imageUrl: `http://127.0.0.1:${shop.port}/teapot.jpg` });
    await Bun.sleep(200);
    expect(privateHits).toEqual([]);
  });

  it('reads a page whose stalled script holds up loading once the navigation time is up', async () => {
    const scraper = new Scraper(policy, pool);
    const page = await scraper.scrape(new URL(`http://127.0.0.1:${shop.port}/slow`), puppeteerConfig, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
    expect(page.product).toMatchObject({ title: 'Slow Shop Lamp', price: '42.00', currency: 'EUR' });
  });

  it("runs the shop's own scripts and never asks another site, even one the address rules allow", async () => {
    const lenient = { allowHosts: ['127.0.0.1', 'localhost'] };
    const lenientPool = new BrowserPool({ executablePath: chromium!, policy: lenient, navigationTimeoutMs: 1_500 });
    try {
      const page = await new Scraper(lenient, lenientPool).scrape(new URL(`http://127.0.0.1:${shop.port}/third-party`), puppeteerConfig, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
      expect(page.product.title).toBe('First Party Vase');
      expect(trackerHits).toBe(0);
    } finally {
      await lenientPool.close();
    }
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
    await clock.advance(50_000);
    expect(pool!.running, 'before the idle minute is up').toBe(true);
    await clock.advance(10_000);
    expect(pool!.running).toBe(false);
  });
});

describe.skipIf(!chromium)('a server that dies', () => {
  it('takes its headless browser with it (no Chromium left running after kill -9)', async () => {
    const owner = Bun.spawn(
      ['bun', '-e', `
        const { BrowserPool } = await import(${JSON.stringify(join(import.meta.dirname, '..', '..', 'src', 'features', 'scrape', 'browser-pool.ts'))});
        const pool = new BrowserPool({ executablePath: ${JSON.stringify(chromium)}, policy: { allowHosts: ['127.0.0.1'] }, idleMs: 60_000 });
        await pool.render(new URL('http://127.0.0.1:${shop.port}/teapot'), null, 'Mozilla/5.0 test', AbortSignal.timeout(15_000));
        console.log('rendered');
        await Bun.sleep(60_000);
      `],
      { stdout: 'pipe', stderr: 'inherit' },
    );
    const reader = owner.stdout.getReader();
    let said = '';
    while (!said.includes('rendered')) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the pool process ended: ${said}`);
      said += new TextDecoder().decode(chunk.value);
    }
    // The browser, its zygotes and renderers: the pipe's end takes down the whole session.
    const browsers = browserProcessesOf(owner.pid);
    expect(browsers.length).toBeGreaterThan(2);
    owner.kill('SIGKILL');
    await owner.exited;
    await expect.poll(() => browsers.filter(running), { timeout: 10_000 }).toEqual([]);
  });
});

