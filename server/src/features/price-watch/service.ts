import { toMinorUnits } from '@wishwell/shared/money';
import type { PriceHistory } from '@wishwell/shared/price-watch-types';
import { isShopLink } from '@wishwell/shared/price-history';
import { notFound } from '../../domain/errors';
import { newId } from '../../ids';
import { logEvent } from '../../log';
import type { Scheduler } from '../../scheduler';
import type { ScraperConfigService } from '../scraper-configs/service';
import { hostOf, type UrlPolicy } from '../scrape/url-guard';
import type { ListAccess } from '../wishlists/access';
import { HostManners } from './politeness';
import { dueChecks, type DueItem, type PriceWatchQueries } from './queries';
import type { ShopReading } from './read-price';
import { PriceReaderThread } from './reader-thread';

export const PRICE_WATCH_JOB = 'price-watch';
/** How often the job looks for due checks. */
const TICK_MS = 60_000;
/** Due checks one run takes at most. */
const BATCH = 500;
/** History points the route answers. */
const HISTORY_POINTS = 365;

/** A scraped price that fell: what `onPriceDrop` listeners hear. */
export interface PriceDrop {
  itemId: string;
  listId: string;
  title: string;
  wasMinor: number;
  nowMinor: number;
  currency: string;
  at: Date;
}

export interface PriceWatchOptions {
  /** Between two checks of one item (PRICE_WATCH_HOURS); null: off. */
  intervalMs: number | null;
  concurrency: number;
  hostGapMs: number;
  policy: UrlPolicy;
  userAgent: string;
  now: () => Date;
}

/** A clear user agent: who checks, and where to find the site (the shop's operator may want to ask). */
export const priceWatchUserAgent = (version: string, publicUrl: string | null) => `Wishwell-PriceWatch/${version} (+${publicUrl ?? 'https://github.com/wishwell'}; one request at a time per shop)`;

/**
 * The price watch: items with a shop link are checked every interval (each at its own time:
 * `next_check_at`, jittered, found by index), off the request path on one replica at a time
 * (the scheduler's exclusive job), a few shops at once and each shop politely (HostManners).
 * A good check adds a history point; a scraped price follows the shop, a typed one never does.
 * A failed check keeps the last good price and backs off.
 */
export class PriceWatch {
  private readonly manners: HostManners;
  /** Shop pages are fetched and read on a thread of their own: parsing one holds up no request. */
  private readonly reader = new PriceReaderThread();
  private readonly dropListeners = new Set<(drop: PriceDrop) => void>();

  constructor(
    private readonly queries: PriceWatchQueries,
    private readonly configs: ScraperConfigService,
    private readonly options: PriceWatchOptions,
    private readonly changed: (listId: string) => void,
  ) {
    this.manners = new HostManners(options.hostGapMs);
  }

  /** Tells `listener` of every price drop the watch sees (digests, notifications); answers how to stop. */
  onPriceDrop(listener: (drop: PriceDrop) => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  schedule(scheduler: Scheduler): void {
    if (this.options.intervalMs !== null) scheduler.every(PRICE_WATCH_JOB, TICK_MS, () => this.checkDue().then(() => undefined), 30_000);
  }

  /** One run: checks the due items (a few shops at once, one request at a time per shop); answers how many it checked. */
  async checkDue(): Promise<number> {
    const due = await dueChecks(this.queries.store, this.options.now(), BATCH);
    const byHost = new Map<string, DueItem[]>();
    for (const item of due) {
      const host = safeHost(item.url);
      byHost.set(host, [...(byHost.get(host) ?? []), item]);
    }
    const hosts = [...byHost.entries()];
    let checked = 0;
    const worker = async () => {
      for (let next = hosts.shift(); next; next = hosts.shift()) checked += await this.checkHost(next[0], next[1]);
    };
    await Promise.all(Array.from({ length: Math.min(this.options.concurrency, hosts.length) }, worker));
    return checked;
  }

  /** The price history of an item for its owner and editors, newest last. */
  async history(access: ListAccess, itemId: string): Promise<PriceHistory> {
    const item = await this.queries.item(access.list.id, itemId);
    if (!item) throw notFound('itemNotFound');
    const points = await this.queries.history(itemId, HISTORY_POINTS);
    return {
      itemId,
      priceSource: item.priceSource === 'shop' ? 'shop' : 'manual',
      watching: item.priceWatch && access.list.priceWatch && item.nextCheckAt !== null,
      availability: item.availability === 'gone' || item.availability === 'in_stock' ? item.availability : '',
      priceSeenAt: item.priceSeenAt?.toISOString() ?? null,
      checkedAt: item.priceCheckedAt?.toISOString() ?? null,
      points: points.reverse().map((point) => ({
        checkedAt: point.checkedAt.toISOString(),
        price: point.price,
        currency: point.currency,
        availability: point.availability === 'gone' || point.availability === 'in_stock' ? point.availability : '',
      })),
    };
  }

  /** The owner's switch for one item: off stops its checks, on makes it due now (when it has a shop link). */
  async setItemWatch(access: ListAccess, itemId: string, watch: boolean): Promise<PriceHistory> {
    const item = await this.queries.item(access.list.id, itemId);
    if (!item) throw notFound('itemNotFound');
    await this.queries.setItemWatch(itemId, watch, watch ? this.firstCheck(item.url) : null);
    return this.history(access, itemId);
  }

  /** The owner's switch for the whole list (each item's own switch stays as it is). */
  async setListWatch(access: ListAccess, watch: boolean): Promise<{ watch: boolean }> {
    await this.queries.setListWatch(access.list.id, watch);
    this.changed(access.list.id);
    return { watch };
  }

  /** When an item with `url` is first checked: now for a shop link (null: nothing to watch). */
  firstCheck(url: string): Date | null {
    return isShopLink(url) && this.options.intervalMs !== null ? this.options.now() : null;
  }

  /** The host's due items one after another (its gap between them); all put off while the shop asked us to wait. */
  private async checkHost(host: string, due: DueItem[]): Promise<number> {
    let checked = 0;
    for (const item of due) {
      if (!item.watched) {
        await this.reschedule(item, this.nextRegularCheck());
        continue;
      }
      const waitUntil = this.manners.backedOffUntil(host, this.nowMs());
      if (waitUntil !== null) {
        await this.reschedule(item, new Date(waitUntil));
        continue;
      }
      await this.manners.one(host, () => this.checkItem(host, item));
      checked++;
    }
    return checked;
  }

  private async checkItem(host: string, item: DueItem): Promise<void> {
    const config = await this.configs.forHost(hostOf(new URL(item.url)));
    const { policy, userAgent } = this.options;
    const outcome = await this.reader.read({ url: item.url, policy, userAgent, config, nowMs: this.nowMs() });
    if ('reading' in outcome) {
      this.manners.succeeded(host);
      return this.record(item, outcome.reading);
    }
    if ('busyMs' in outcome) this.manners.busy(host, this.nowMs(), outcome.busyMs);
    else this.manners.failed(host, this.nowMs());
    logEvent({ event: 'price_watch.failed', level: 'warn', itemId: item.id, host, reason: 'failed' in outcome ? outcome.failed : `busy for ${outcome.busyMs} ms` });
    await this.failed(item);
  }

  /** Ends the reader thread (the server is closing). */
  close(): void {
    this.reader.close();
  }

  /** A good check: a history point, the item's availability and (a scraped price) its price; listeners hear of a drop. */
  private async record(item: DueItem, reading: ShopReading): Promise<void> {
    const now = this.options.now();
    const minor = toMinorUnits(reading.price);
    const followsShop = item.priceSource === 'shop' && minor !== null;
    const dropped = followsShop && item.priceMinor !== null && minor < item.priceMinor;
    const rose = followsShop && item.priceMinor !== null && minor > item.priceMinor;
    // Shares its commit with the other writes of this turn (SQLite): a burst of checks commits in batches.
    const point = { id: newId(), itemId: item.id, checkedAt: now, priceMinor: minor, price: reading.price, currency: reading.currency, availability: reading.availability };
    const changes = {
      availability: reading.availability,
      priceCheckedAt: now,
      priceCheckFailures: 0,
      nextCheckAt: this.nextRegularCheck(),
      ...(minor !== null ? { priceSeenAt: now } : {}),
      ...(followsShop ? { price: reading.price, priceMinor: minor, ...(reading.currency ? { currency: reading.currency } : {}) } : {}),
      ...(dropped ? { wasPriceMinor: item.priceMinor } : rose ? { wasPriceMinor: null } : {}),
    };
    await this.queries.store.groupTransaction((tx) => this.queries.recordReading(tx, point, changes));
    this.changed(item.listId);
    if (dropped) this.announceDrop({ itemId: item.id, listId: item.listId, title: item.title, wasMinor: item.priceMinor!, nowMinor: minor, currency: reading.currency, at: now });
  }

  private announceDrop(drop: PriceDrop): void {
    for (const listener of this.dropListeners) {
      try {
        listener(drop);
      } catch (error) {
        logEvent({ event: 'price_watch.listener_failed', level: 'error', error });
      }
    }
  }

  /** A failed check keeps the last good price; the item is tried again after a back-off (1 h, 2 h, … at most the interval). */
  private async failed(item: DueItem): Promise<void> {
    const failures = (await this.queries.failures(item.id)) + 1;
    const backOff = Math.min(this.options.intervalMs ?? TICK_MS, 60 * 60_000 * 2 ** (failures - 1));
    await this.queries.recordFailure(item.id, this.options.now(), failures, new Date(this.nowMs() + backOff));
  }

  private async reschedule(item: DueItem, at: Date): Promise<void> {
    await this.queries.reschedule(item.id, item.dueAt!, at);
  }

  /** One interval from now, give or take 10 %: checks stay spread over the interval instead of bunching up. */
  private nextRegularCheck(): Date {
    const interval = this.options.intervalMs ?? TICK_MS;
    return new Date(this.nowMs() + interval * (0.9 + Math.random() * 0.2));
  }

  private nowMs(): number {
    return this.options.now().getTime();
  }
}

/** The shop a link points at, its port included (one shop per host and port). */
function safeHost(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
