/**
 * The real shop pages in server/test/fixtures/scrape (gzipped, with their sources and licences)
 * with their expected values, how a scraped value is judged against them, and a local HTTP server
 * that serves them. Used by the end-to-end scrape test and by `bun run bench:scrape`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const FIXTURE_DIR = join(import.meta.dirname, '..', 'fixtures', 'scrape');

export interface FixturePage {
  file: string;
  url: string;
  title: string;
  title_core?: string | null;
  price: string | null;
  price_ambiguous?: boolean;
  currency: string | null;
  image: string;
  image_alternatives?: string[];
}

export interface PriceStringExample {
  group: string;
  price_text: string | null;
  currency_hint: string | null;
  expected_currency: string | null;
  expected_amount: string | null;
  decimal_separator?: '.' | ',';
}

export function fixturePages(): FixturePage[] {
  const expected = JSON.parse(readFileSync(join(FIXTURE_DIR, 'expected.json'), 'utf8')) as Record<string, Omit<FixturePage, 'file'>>;
  return Object.entries(expected)
    .filter(([file]) => file !== '_meta')
    .map(([file, page]) => ({ file, ...page }));
}

/** A fixture page's bytes as the shop sent them (stored gzipped). */
export function fixturePageBytes(file: string): Buffer {
  return gunzipSync(readFileSync(join(FIXTURE_DIR, 'pages', `${file}.gz`)));
}

export function priceStringExamples(): PriceStringExample[] {
  return (JSON.parse(readFileSync(join(FIXTURE_DIR, 'price-strings.json'), 'utf8')) as { examples: PriceStringExample[] }).examples;
}

const comparable = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The title is right when it is the expected title, its bare product name (title_core), or the
 * expected title without the shop's name segment ("Name | Etsy" -> "Name", "€9 OFF|Name" -> "Name").
 */
export function titleMatches(actual: string, page: FixturePage): boolean {
  const segments = page.title.split(/\s*\|\s*/);
  const accepted = [page.title, page.title_core ?? '', ...(segments.length > 1 ? segments : [])];
  return accepted.some((title) => title && comparable(title) === comparable(actual));
}

/** Same amount (as a number), or both empty when the page shows no usable price. */
export function priceMatches(actual: string, page: FixturePage): boolean {
  if (page.price === null) return actual === '';
  return actual !== '' && Number(actual) === Number(page.price);
}

export function currencyMatches(actual: string, page: FixturePage): boolean {
  return (page.currency ?? '') === actual;
}

/** The expected image or an accepted alternative; http and https count as the same. */
export function imageMatches(actual: string, page: FixturePage, originOf: (url: string) => string = (url) => url): boolean {
  const bare = (url: string) => originOf(url).replace(/^https?:/, '');
  return [page.image, ...(page.image_alternatives ?? [])].some((image) => bare(image) === bare(actual));
}

/** Serves the fixture pages as text/html without a charset (so the page's <meta> decides, as on the real sites). */
export function startFixtureServer(extraRoutes: Record<string, () => Response> = {}) {
  return Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(request) {
      const path = decodeURIComponent(new URL(request.url).pathname);
      const extra = extraRoutes[path];
      if (extra) return extra();
      const file = path.slice(1);
      if (!/^[\w.-]+\.html$/.test(file)) return new Response('Not found', { status: 404 });
      try {
        return new Response(new Uint8Array(fixturePageBytes(file)), { headers: { 'content-type': 'text/html' } });
      } catch {
        return new Response('Not found', { status: 404 });
      }
    },
  });
}
