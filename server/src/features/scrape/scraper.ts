import type { ListedProduct } from '@wishwell/shared/scrape-types';
import type { ScraperConfig } from '@wishwell/shared/scraper-config-types';
import type { BrowserPool } from './browser-pool';
import { botWallReason } from './bot-wall';
import { decodeHtml } from './charset';
import type { ExtractedProduct, ExtractOptions } from './extract';

/** The extractor (and cheerio with it) loads on the first scrape, keeping it out of start-up. */
const loadExtractor = () => import('./extract');
import { FetchFailed, guardedFetch, MAX_BODY_BYTES } from './guarded-fetch';
import { ScrapeRefused, type UrlPolicy } from './url-guard';

export type StrategyUsed = 'cheerio' | 'puppeteer' | 'capture';

export interface ScrapedPage {
  product: ExtractedProduct;
  /** Where the page came from after redirects. */
  finalUrl: URL;
  strategy: StrategyUsed;
}

/** A captured page read: its product, and the products it lists when it lists several. */
export interface CapturedRead extends ScrapedPage {
  listed: ListedProduct[];
}

/** The shop showed a robot check or turned the request away: a failure with a clear reason, and a reason to try the browser. */
export class BotWallFailure extends FetchFailed {}

const TURNED_AWAY = new Set([403, 429, 503]);

const HTML_TYPES = /^\s*(text\/html|application\/xhtml\+xml)\b/i;

/** A page fetched through the guarded fetch and decoded, known to be a readable web page. */
interface FetchedDocument {
  url: URL;
  html: string;
}

/**
 * Runs a scrape with the domain's strategy: `none` refuses, `cheerio` fetches and parses,
 * `puppeteer` renders in the shared headless browser. Without a config: cheerio first, then the
 * browser (when there is one) if the page had no title or was a robot check.
 */
export class Scraper {
  constructor(
    private readonly policy: UrlPolicy,
    private readonly browser: BrowserPool | null,
    private readonly extractOptions: ExtractOptions = {},
  ) {}

  async scrape(url: URL, config: ScraperConfig | null, userAgent: string, signal: AbortSignal): Promise<ScrapedPage> {
    if (config?.strategy === 'none') throw new ScrapeRefused('scrapingDisabled', undefined, 'unprocessable');
    // Without Chromium on this machine, a puppeteer config is served by cheerio.
    if (config?.strategy === 'puppeteer' && this.browser) return this.withBrowser(url, config, userAgent, signal);
    if (config) return this.withCheerio(await this.fetchDocument(url, userAgent, signal), config);
    let fetched: FetchedDocument;
    try {
      fetched = await this.fetchDocument(url, userAgent, signal);
    } catch (error) {
      if (!(error instanceof BotWallFailure) || !this.browser) throw error;
      return this.render(url, null, null, userAgent, signal);
    }
    const page = await this.withCheerio(fetched, null);
    if (page.product.title || !this.browser) return page;
    return await this.render(url, fetched, null, userAgent, signal).catch(() => page);
  }

  /**
   * A page the user's browser rendered, read as it is: nothing is fetched and no script runs
   * (the extractor strips them and only parses). The domain's selectors apply, and so do its
   * `none` and the robot-check rule: a captured captcha is no product.
   */
  async readCaptured(url: URL, html: string, config: ScraperConfig | null): Promise<CapturedRead> {
    if (config?.strategy === 'none') throw new ScrapeRefused('scrapingDisabled', undefined, 'unprocessable');
    const wall = botWallReason(html, 200);
    if (wall) throw new ScrapeRefused('scrapeFailed', { reason: wall }, 'unprocessable');
    const { extractProduct, extractListedProducts } = await loadExtractor();
    return { product: extractProduct(html, url, config, this.extractOptions), listed: extractListedProducts(html, url), finalUrl: url, strategy: 'capture' };
  }

  private async fetchDocument(url: URL, userAgent: string, signal: AbortSignal): Promise<FetchedDocument> {
    const page = await guardedFetch(url.href, { policy: this.policy, userAgent, signal });
    return { url: page.url, html: await readableHtml(page.contentType, page.status, () => decodeHtml(page.body, page.contentType)) };
  }

  private async withCheerio(fetched: FetchedDocument, config: ScraperConfig | null): Promise<ScrapedPage> {
    const { extractProduct } = await loadExtractor();
    return { product: extractProduct(fetched.html, fetched.url, config, this.extractOptions), finalUrl: fetched.url, strategy: 'cheerio' };
  }

  /** The browser renders the document the guarded fetch got; when the shop turned that fetch away, Chromium asks for it itself. */
  private async withBrowser(url: URL, config: ScraperConfig | null, userAgent: string, signal: AbortSignal): Promise<ScrapedPage> {
    const fetched = await this.fetchDocument(url, userAgent, signal).catch((error: unknown) => {
      if (error instanceof BotWallFailure) return null;
      throw error;
    });
    return this.render(url, fetched, config, userAgent, signal);
  }

  /**
   * Extracts from the rendered page and from the document as fetched together: the page's
   * scripts can fill in a product, but also replace good markup (images are never loaded and
   * some requests are refused, so their error handlers swap in placeholders), so a value both
   * versions show outweighs one only either shows.
   */
  private async render(url: URL, fetched: FetchedDocument | null, config: ScraperConfig | null, userAgent: string, signal: AbortSignal): Promise<ScrapedPage> {
    const page = await this.browser!.render(fetched?.url ?? url, fetched?.html ?? null, userAgent, signal);
    // The same 5 MB cap as a plain fetch, on the rendered document.
    const html = await readableHtml(page.contentType, page.status, () => page.html.slice(0, MAX_BODY_BYTES));
    const { extractProduct } = await loadExtractor();
    const documents = fetched ? [html, fetched.html] : [html];
    return { product: extractProduct(documents, page.url, config, this.extractOptions), finalUrl: page.url, strategy: 'puppeteer' };
  }
}

/** The page's HTML, or a failure saying why it cannot be read (not a page, an error, a robot check). */
async function readableHtml(contentType: string, status: number, html: () => string | Promise<string>): Promise<string> {
  if (contentType && !HTML_TYPES.test(contentType)) throw new FetchFailed('notWebPage', { type: contentType.split(';')[0]! });
  const text = await html();
  const wall = botWallReason(text, status);
  if (wall) throw new BotWallFailure(wall.key, wall.params);
  if (TURNED_AWAY.has(status)) throw new BotWallFailure('shopTurnedAway', { status });
  if (status >= 400) throw new FetchFailed('shopError', { status });
  return text;
}
