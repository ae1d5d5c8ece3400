import { FetchFailed, guardedFetch } from '../scrape/guarded-fetch';
import { decodeHtml } from '../scrape/charset';
import type { UrlPolicy } from '../scrape/url-guard';
import type { ScraperConfig } from '@wishwell/shared/scraper-config-types';

const CHECK_TIMEOUT_MS = 15_000;
/** When a shop says 429 or 503 without Retry-After. */
const DEFAULT_BUSY_MS = 10 * 60_000;

/** What a shop page said at one check. */
export interface ShopReading {
  /** '' when the page showed none. */
  price: string;
  currency: string;
  /** 'gone': the shop no longer sells it (404/410, or marked out of stock or discontinued). */
  availability: 'in_stock' | 'gone' | '';
}

/** The shop asked us to slow down (429, 503): no check of its pages before `retryAfterMs` from now. */
export class ShopBusy extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`The shop asked us to wait ${Math.round(retryAfterMs / 1000)} s`);
  }
}

/**
 * Reads one product page for the price watch: the scraper's SSRF-safe fetch (redirects,
 * addresses and size checked), the extractor with the shop's selectors, schema.org availability.
 * No headless browser: a shop that needs one keeps its last price.
 */
export async function readShopPrice(url: string, policy: UrlPolicy, userAgent: string, config: ScraperConfig | null, nowMs: number): Promise<ShopReading> {
  const page = await guardedFetch(url, { policy, userAgent, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  if (page.status === 429 || page.status === 503) throw new ShopBusy(retryAfterMs(page.retryAfter, nowMs));
  if (page.status === 404 || page.status === 410) return { price: '', currency: '', availability: 'gone' };
  if (page.status >= 400) throw new FetchFailed('shopError', { status: page.status });
  const html = await decodeHtml(page.body, page.contentType);
  const { extractProduct } = await import('../scrape/extract');
  const product = extractProduct(html, page.url, config);
  return { price: product.price, currency: product.currency, availability: availabilityOf(html) };
}

/** schema.org availability (JSON-LD or microdata): out of stock, discontinued or sold out is 'gone'. */
export function availabilityOf(html: string): ShopReading['availability'] {
  const marked = /["']?availability["']?\s*[:=]\s*["'](?:https?:\/\/schema\.org\/)?(\w+)["']|itemprop=["']availability["'][^>]*(?:href|content)=["'](?:https?:\/\/schema\.org\/)?(\w+)["']/i.exec(html);
  const value = (marked?.[1] ?? marked?.[2] ?? '').toLowerCase();
  if (!value) return '';
  return ['outofstock', 'discontinued', 'soldout'].includes(value) ? 'gone' : 'in_stock';
}

/** Retry-After as seconds or an HTTP date; a default when missing or unreadable; at most a day. */
export function retryAfterMs(header: string, nowMs: number): number {
  const seconds = Number(header);
  const ms = header && Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - nowMs;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 24 * 60 * 60_000) : DEFAULT_BUSY_MS;
}

/** What one check came to, as the reader thread answers it (errors do not cross threads). */
export type CheckOutcome = { reading: ShopReading } | { busyMs: number } | { failed: string };

export interface CheckRequest {
  url: string;
  policy: UrlPolicy;
  userAgent: string;
  config: ScraperConfig | null;
  nowMs: number;
}

/** readShopPrice with its errors as outcomes. */
export async function checkOutcome({ url, policy, userAgent, config, nowMs }: CheckRequest): Promise<CheckOutcome> {
  try {
    return { reading: await readShopPrice(url, policy, userAgent, config, nowMs) };
  } catch (error) {
    if (error instanceof ShopBusy) return { busyMs: error.retryAfterMs };
    return { failed: error instanceof Error ? error.message : String(error) };
  }
}
