// `bun run bench:scrape`: the scraper against the real shop pages in server/test/fixtures/scrape,
// and the extractor's price F1 on ../shared/product-pages beside three published systems.
// Prints per-field accuracy (title, price, currency, image) for both strategies (cheerio,
// puppeteer), each twice: with every rule, and leave-one-shop-out (each page scored with the
// site rules of the big shops switched off; they are recognised by a shop's own markup, so on a
// page only its own shop's rule can fire), with the misses; p50/p95 time per strategy; and the
// price string parser's accuracy on real price strings. Each figure is printed beside its target.
// Beside each wall time, this process's CPU time per scrape (process.cpuUsage): on a shared,
// busy machine the wall time follows everyone else's load, the CPU time much less.
import { parsePrice } from '@wishwell/shared/price-parse';
import { BrowserPool, findChromium } from '@wishwell/server/features/scrape/browser-pool';
import { decodeHtml } from '@wishwell/server/features/scrape/charset';
import { extractProduct, type ExtractedProduct, type ExtractOptions } from '@wishwell/server/features/scrape/extract/index';
import { Scraper } from '@wishwell/server/features/scrape/scraper';
import { benchProductPages } from './product-pages';
import { percentile } from './stats';
import {
  currencyMatches,
  fixturePageBytes,
  fixturePages,
  imageMatches,
  priceMatches,
  priceStringExamples,
  startFixtureServer,
  titleMatches,
  type FixturePage,
} from '@wishwell/server/test-support/scrape-fixtures';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Issue 35: title, price and currency 95 %, the picture (same photo, any rendition) 92 %. */
const FIELD_TARGET: Record<Field, number> = { title: 0.95, price: 0.95, currency: 0.95, image: 0.92 };
/** Above Zyte's 0.926 on the same pages. */
const PRICE_F1_TARGET = 0.95;
const EXTRACT_P50_TARGET_MS = 50;
const pages = fixturePages();
const pct = (n: number, total: number) => `${n}/${total} (${((n / total) * 100).toFixed(1)}%)`;
const timing = (values: number[]) => `p50 ${percentile(values, 0.5).toFixed(1)} ms  p95 ${percentile(values, 0.95).toFixed(1)} ms  (n=${values.length})`;
const cpuTiming = (values: number[]) => `CPU p50 ${percentile(values, 0.5).toFixed(1)} ms  p95 ${percentile(values, 0.95).toFixed(1)} ms`;

/** Wall and CPU milliseconds of one timed step, each pushed to its list. */
async function timed<T>(wall: number[], cpu: number[], step: () => T | Promise<T>): Promise<T> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await step();
  const used = process.cpuUsage(cpuBefore);
  wall.push(performance.now() - started);
  cpu.push((used.user + used.system) / 1000);
  return result;
}
const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
const WITHOUT_SITE_RULES: ExtractOptions = { siteRules: false };

type Field = 'title' | 'price' | 'currency' | 'image';
const valueOf = (product: ExtractedProduct, field: Field) => ({ title: product.title, price: product.price, currency: product.currency, image: product.imageUrl })[field];
const expectedOf = (page: FixturePage, field: Field) => ({ title: page.title_core ?? page.title, price: page.price, currency: page.currency, image: page.image })[field];

function score(label: string, results: Map<string, ExtractedProduct>, originOf: (url: string, page: FixturePage) => string = (url) => url) {
  const right: Record<Field, number> = { title: 0, price: 0, currency: 0, image: 0 };
  const misses: string[] = [];
  for (const page of pages) {
    const product = results.get(page.file)!;
    const checks: Record<Field, boolean> = {
      title: titleMatches(product.title, page),
      price: priceMatches(product.price, page),
      currency: currencyMatches(product.currency, page),
      image: imageMatches(product.imageUrl, page, (url) => originOf(url, page)),
    };
    for (const field of Object.keys(checks) as Field[]) {
      if (checks[field]) right[field]++;
      else misses.push(`  ${page.file} ${field}: got ${JSON.stringify(valueOf(product, field))}, expected ${JSON.stringify(expectedOf(page, field))}`);
    }
  }
  console.log(`\n${label}`);
  for (const field of Object.keys(right) as Field[]) {
    console.log(`  ${field.padEnd(9)} ${pct(right[field], pages.length).padEnd(16)} target >= ${FIELD_TARGET[field] * 100}%  ${verdict(right[field] / pages.length >= FIELD_TARGET[field])}`);
  }
  if (misses.length > 0) console.log(`  misses:\n${misses.join('\n')}`);
}

console.log(`== Scraper benchmark: ${pages.length} shop pages, ${RUNS} timed runs each ==`);

// 1. The extractor on each page's HTML with its original URL (as if fetched from the shop).
const htmlOf = new Map(await Promise.all(pages.map(async (page) => [page.file, await decodeHtml(fixturePageBytes(page.file), 'text/html')] as const)));
const extracted = new Map(pages.map((page) => [page.file, extractProduct(htmlOf.get(page.file)!, new URL(page.url))]));
score('Accuracy, extractor with the original URLs:', extracted);
score('Accuracy, extractor with the original URLs, leave-one-shop-out (site rules off):', new Map(pages.map((page) => [page.file, extractProduct(htmlOf.get(page.file)!, new URL(page.url), null, WITHOUT_SITE_RULES)])));
const extractTimes: number[] = [];
const extractCpu: number[] = [];
for (let run = 0; run < RUNS; run++) {
  for (const page of pages) await timed(extractTimes, extractCpu, () => extractProduct(htmlOf.get(page.file)!, new URL(page.url)));
}

// 1b. The product extraction benchmark's pages (../shared/product-pages): price F1 beside the published systems.
const productPageTimes = await benchProductPages(RUNS, PRICE_F1_TARGET);

// 2. End to end over HTTP from a local server: guarded fetch, charset, extraction.
const server = startFixtureServer({ '/simple': () => new Response('<html><head><title>Simple Kettle | Shop</title><meta property="og:price:amount" content="19.99"><meta property="og:price:currency" content="GBP"></head><body><h1>Simple Kettle</h1><script>document.title = "Simple Kettle | Shop"</script></body></html>', { headers: { 'content-type': 'text/html' } }) });
const base = `http://127.0.0.1:${server.port}`;
const policy = { allowHosts: ['127.0.0.1'] };
const signal = () => AbortSignal.timeout(15_000);
const onShop = (url: string, page: FixturePage) => url.replace(base, new URL(page.url).origin);
/** Each page once through the scraper; the times when asked. */
async function scrapeAll(scraper: Scraper, config: Parameters<Scraper['scrape']>[1], times: number[] = [], cpu: number[] = []) {
  const results = new Map<string, ExtractedProduct>();
  const failedRender: ExtractedProduct = { title: '', price: '', currency: '', priceIsRange: false, imageUrl: '', description: '' };
  for (const page of pages) {
    const scraped = await timed(times, cpu, () => scraper.scrape(new URL(`${base}/${page.file}`), config, 'Mozilla/5.0 bench', signal()).catch(() => null));
    results.set(page.file, scraped?.product ?? failedRender);
  }
  return results;
}

const cheerioTimes: number[] = [];
const cheerioCpu: number[] = [];
let overHttp = new Map<string, ExtractedProduct>();
for (let run = 0; run < RUNS; run++) overHttp = await scrapeAll(new Scraper(policy, null), null, cheerioTimes, cheerioCpu);
score('Accuracy, cheerio strategy end to end over HTTP (relative images compared as on the shop):', overHttp, onShop);
score('Accuracy, cheerio strategy, leave-one-shop-out (site rules off):', await scrapeAll(new Scraper(policy, null, WITHOUT_SITE_RULES), null), onShop);

console.log('\nTime per strategy:');
console.log(`  extraction only (page already fetched)   ${timing(extractTimes)}  target p50 < ${EXTRACT_P50_TARGET_MS} ms  ${verdict(percentile(extractTimes, 0.5) < EXTRACT_P50_TARGET_MS)}  ${cpuTiming(extractCpu)}`);
console.log(`  extraction only, product-pages set       ${timing(productPageTimes.times)}  target p50 < ${EXTRACT_P50_TARGET_MS} ms  ${verdict(percentile(productPageTimes.times, 0.5) < EXTRACT_P50_TARGET_MS)}  ${cpuTiming(productPageTimes.cpu)}`);
console.log(`  cheerio (local fetch + extraction)       ${timing(cheerioTimes)}  target p50 < 50 ms  ${verdict(percentile(cheerioTimes, 0.5) < 50)}  ${cpuTiming(cheerioCpu)}`);

// 3. Puppeteer: one shared browser, warm (first launch excluded).
const chromium = findChromium(process.env.CHROMIUM_PATH ?? null);
if (chromium) {
  const pool = new BrowserPool({ executablePath: chromium, policy });
  const browserScraper = new Scraper(policy, pool);
  const config = { _id: 'bench', domain: '127.0.0.1', strategy: 'puppeteer' as const, notes: '', titleSelector: '', priceSelector: '', imageSelector: '', imageAttribute: 'src', isPriceComplex: false, averageScrapeTimeMs: null };
  const launchStarted = performance.now();
  await browserScraper.scrape(new URL(`${base}/simple`), config, 'Mozilla/5.0 bench', signal());
  const coldMs = performance.now() - launchStarted;
  const simpleTimes: number[] = [];
  for (let run = 0; run < RUNS * 2; run++) {
    const started = performance.now();
    await browserScraper.scrape(new URL(`${base}/simple`), config, 'Mozilla/5.0 bench', signal());
    simpleTimes.push(performance.now() - started);
  }
  const fixtureTimes: number[] = [];
  const fixtureCpu: number[] = [];
  const rendered = await scrapeAll(browserScraper, config, fixtureTimes, fixtureCpu);
  const renderedWithoutSiteRules = await scrapeAll(new Scraper(policy, pool, WITHOUT_SITE_RULES), config);
  await pool.close();
  score('Accuracy, puppeteer strategy (pages rendered in Chromium, their own scripts run, other sites and private addresses refused):', rendered, onShop);
  score('Accuracy, puppeteer strategy, leave-one-shop-out (site rules off):', renderedWithoutSiteRules, onShop);
  console.log(`  puppeteer, first scrape (browser launch)  ${coldMs.toFixed(0)} ms`);
  console.log(`  puppeteer, warm, small local page        ${timing(simpleTimes)}`);
  console.log(`  puppeteer, warm, the shop pages          ${timing(fixtureTimes)}  target p50 < 1000 ms  ${verdict(percentile(fixtureTimes, 0.5) < 1000)}  ${cpuTiming(fixtureCpu)} (this process; Chromium's own not counted)`);
} else {
  console.log('  puppeteer: no Chromium found (set CHROMIUM_PATH)');
}
server.stop(true);

// 4. The price string parser on real price strings.
const examples = priceStringExamples();
const parsedRight = (example: (typeof examples)[number]) => {
  const parsed = parsePrice(example.price_text, { currencyHint: example.currency_hint, decimalSeparator: example.decimal_separator });
  const amountRight = example.expected_amount === null ? parsed.amount === null : parsed.amount !== null && Number(parsed.amount) === Number(example.expected_amount);
  return amountRight && parsed.currencyToken === example.expected_currency;
};
const regular = examples.filter((e) => !e.group.includes('XFAIL'));
const xfail = examples.filter((e) => e.group.includes('XFAIL'));
console.log('\nPrice string parser (amount and currency token both right):');
console.log(`  non-XFAIL strings   ${pct(regular.filter(parsedRight).length, regular.length)}`);
console.log(`  XFAIL strings       ${pct(xfail.filter(parsedRight).length, xfail.length)} (the source parser's known failures)`);
