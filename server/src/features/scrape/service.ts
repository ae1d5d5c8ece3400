import type { Clock } from '../../clock';
import type { CapturedPage, CapturedPageResult, ListedProduct, ScrapeRequest, ScrapeResult } from '@wishwell/shared/scrape-types';
import type { LogQueries } from '../logs/queries';
import type { EventBus } from '../../events';
import { DomainError, englishText, text, upstreamFailed } from '../../domain/errors';
import { RateLimiter } from '../../limits/rate-limit';
import { newId } from '../../ids';
import type { ReferralRuleService } from '../referral-rules/service';
import type { ScraperConfigService } from '../scraper-configs/service';
import { FetchFailed } from './guarded-fetch';
import type { Scraper, ScrapedPage } from './scraper';
import { checkScrapeUrl, ScrapeRefused, type UrlPolicy } from './url-guard';
import { logEvent } from '../../log';

/** The whole scrape, fetch and rendering included, is cut off after this long. */
export const SCRAPE_TIMEOUT_MS = 15_000;
const CACHE_TTL_MS = 10 * 60_000;
const CACHE_MAX_ENTRIES = 500;
const RATE_WINDOW_MS = 10 * 60_000;
const DEFAULT_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export interface ScrapeCaller {
  /** The signed-in account, or null for a guest holding a list capability. */
  userId: string | null;
  /** The guest's list (when not signed in): the rate limit key for guests. */
  guestListId: string | null;
  ip: string;
}

export interface ScrapeServiceDeps {
  /** Where each scrape is logged (Scrape Logs). */
  logs: LogQueries;
  scraper: Scraper;
  configs: ScraperConfigService;
  referrals: ReferralRuleService;
  events: EventBus;
  policy: UrlPolicy;
  limits: { perIp: number; perUser: number };
  /** The page cache's expiry and the rate limits' windows. */
  clock: Clock;
}

interface CachedPage {
  page: ScrapedPage;
  expiresAt: number;
}

/**
 * POST /scrape: who may scrape, rate limits, the short per-URL cache, the scrape log and the
 * per-domain average time; failures are published on the event bus.
 */
export class ScrapeService {
  private readonly cache = new Map<string, CachedPage>();
  private readonly perIp: RateLimiter;
  private readonly perUser: RateLimiter;

  constructor(private readonly deps: ScrapeServiceDeps) {
    const text = 'tooManyScrapes';
    this.perIp = new RateLimiter({ limit: deps.limits.perIp, windowMs: RATE_WINDOW_MS, text }, deps.clock);
    this.perUser = new RateLimiter({ limit: deps.limits.perUser, windowMs: RATE_WINDOW_MS, text }, deps.clock);
  }

  async scrape(request: ScrapeRequest, caller: ScrapeCaller): Promise<ScrapeResult> {
    return this.attempt(request.url, caller, async (url) => {
      const cached = this.cached(url.href);
      const page = cached ?? (await this.fetchPage(url, request.userAgent));
      if (!cached) this.remember(url.href, page);
      return { page, strategy: cached ? 'cache' : page.strategy };
    });
  }

  /**
   * POST /scrape/page: the page the user's browser rendered (bookmarklet, extension) read by the
   * same extractor, nothing fetched, with the products it lists when it lists several. The HTML
   * is the caller's: every address in the answer must pass the same rules as a pasted link, or
   * it is left out.
   */
  async scrapePage(request: CapturedPage, caller: ScrapeCaller): Promise<CapturedPageResult> {
    let listed: ListedProduct[] = [];
    const result = await this.attempt(request.url, caller, async (url) => {
      const config = await this.deps.configs.forHost(url.hostname);
      const read = await this.deps.scraper.readCaptured(url, request.html, config);
      listed = read.listed;
      return { page: read, strategy: 'capture' };
    });
    const products = listed.filter((product) => this.allowedUrl(product.url)).map((product) => ({ ...product, imageUrl: this.allowedUrl(product.imageUrl) }));
    return { ...result, imageUrl: this.allowedUrl(result.imageUrl), products };
  }

  /** The rate limits, the URL rules, the scrape log and the failure event around one way of getting the page. */
  private async attempt(rawUrl: string, caller: ScrapeCaller, read: (url: URL) => Promise<{ page: ScrapedPage; strategy: string }>): Promise<ScrapeResult> {
    await this.perIp.hit(`ip:${caller.ip}`);
    await this.perUser.hit(caller.userId ? `user:${caller.userId}` : `list:${caller.guestListId}`);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const sourceUrl = rawUrl.trim().slice(0, 2048);
    try {
      const { page, strategy } = await read(checkScrapeUrl(sourceUrl, this.deps.policy));
      // The user is asked to complete the details: the operator sees the page as incomplete, not a success.
      const missing = page.product.title ? null : englishText('scrapeNoTitle');
      await this.log({ sourceUrl, success: true, durationMs: elapsed(), strategy, error: missing }, caller);
      return await this.answer(page);
    } catch (error) {
      const failure = asDomainError(error);
      if (error instanceof ScrapeRefused) logEvent({ event: 'scrape.refused', level: 'warn', userId: caller.userId, ip: caller.ip, reason: failure.message });
      await this.log({ sourceUrl, success: false, durationMs: elapsed(), strategy: null, error: failure.message }, caller);
      this.deps.events.publish('scrape.failed', {
        at: new Date().toISOString(),
        sourceUrl,
        reason: failure.message,
        requestedById: caller.userId,
        ipAddress: caller.ip,
      });
      throw failure;
    }
  }

  private allowedUrl(url: string): string {
    if (!url) return url;
    try {
      return checkScrapeUrl(url, this.deps.policy).href;
    } catch {
      return '';
    }
  }

  /** Fetches with the domain's config; the domain's average time follows every fetch, failed ones included. */
  private async fetchPage(url: URL, userAgent: string | undefined): Promise<ScrapedPage> {
    const config = await this.deps.configs.forHost(url.hostname);
    const started = performance.now();
    try {
      return await this.deps.scraper.scrape(url, config, browserLikeUserAgent(userAgent), AbortSignal.timeout(SCRAPE_TIMEOUT_MS));
    } finally {
      if (config && config.strategy !== 'none') await this.deps.configs.recordScrapeTime(config._id, Math.round(performance.now() - started));
    }
  }

  private async answer(page: ScrapedPage): Promise<ScrapeResult> {
    const referral = await this.deps.referrals.apply(page.finalUrl.href);
    const { product } = page;
    return {
      title: product.title,
      price: product.price,
      priceIsRange: product.priceIsRange,
      currency: product.currency,
      imageUrl: product.imageUrl,
      description: product.description,
      url: referral.url,
      referralProgram: referral.referralProgram,
      giftCardUrl: referral.giftCardUrl,
    };
  }

  private cached(key: string): ScrapedPage | null {
    const entry = this.cache.get(key);
    if (!entry) return null;
    if (entry.expiresAt > this.deps.clock.now()) return entry.page;
    this.cache.delete(key);
    return null;
  }

  private remember(key: string, page: ScrapedPage): void {
    if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, { page, expiresAt: this.deps.clock.now() + CACHE_TTL_MS });
  }

  private async log(
    entry: { sourceUrl: string; success: boolean; durationMs: number; strategy: string | null; error: string | null },
    caller: ScrapeCaller,
  ): Promise<void> {
    await this.deps.logs.insertScrape({ id: newId(), createdAt: new Date(), ...entry, requestedById: caller.userId, ipAddress: caller.ip });
  }
}

/** The caller's browser's user agent when it looks like one, else a current desktop Chrome. */
function browserLikeUserAgent(userAgent: string | undefined): string {
  const value = userAgent?.trim() ?? '';
  return /^Mozilla\/5\.0 [\x20-\x7e]{10,400}$/.test(value) ? value : DEFAULT_USER_AGENT;
}

/** Refusals stay the client's to mend; fetch failures and robot checks are the shop's: 'Scraping failed: ...'. */
function asDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof FetchFailed) return new DomainError('upstream-failed', [text('scrapeFailed', { reason: error.reason })]);
  console.error('scrape failed unexpectedly:', error);
  return upstreamFailed('scrapeUnreadable');
}
