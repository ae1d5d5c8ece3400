import { dateOf, type Clock } from '../../clock';
import { DomainError } from '../../domain/errors';
import { logEvent } from '../../log';
import type { Scheduler } from '../../scheduler';
import { hostOf, ScrapeRefused, type UrlPolicy } from '../scrape/url-guard';
import type { UploadService } from '../uploads/service';
import type { ImageCopyColumns } from '../wishlists/item-queries';
import type { ImageCopies } from '../wishlists/items-service';
import type { ItemImageQueries } from './queries';
import { fetchImage, ImageNotCopyable, IMAGE_FETCH_TIMEOUT_MS, type FetchedImage } from './fetch-image';
import { shrinkImage, type OnBlankPage } from './shrink';

const isShopAddress = (url: string) => /^https?:\/\//i.test(url);
/** How long a replica holds a copy it took: past this (the replica died mid-copy) any replica may take it again. */
const CLAIM_LEASE_MS = 6 * IMAGE_FETCH_TIMEOUT_MS;
/**
 * Due copies looked at per claim: when another replica takes the first, or its shop is busy
 * with another of this replica's copies, this one tries the next.
 */
const CANDIDATES = 20;

export interface ItemImageOptions {
  /** Where image links may point (the scraper's SSRF policy). */
  policy: UrlPolicy;
  /** Shop images this replica fetches per minute at most (IMAGE_COPY_PER_MINUTE). */
  copiesPerMinute: number;
  /** Copies this replica makes at once, never two from one host (IMAGE_COPY_CONCURRENCY). */
  concurrency: number;
  /** Wait before the first retry of a failed copy; each later retry waits four times longer (IMAGE_COPY_RETRY_SECONDS). */
  retryAfterMs: number;
  /** Attempts before a copy is given up and the item keeps showing the shop's URL (IMAGE_COPY_TRIES). */
  tries: number;
  /** The headless browser that scales large images down (null without Chromium: copies are kept as sent). */
  onBlankPage: OnBlankPage | null;
}

/** A pending copy this replica took (its lease written in imageCopyDueAt). */
interface ClaimedCopy {
  id: string;
  listId: string;
  ownerId: string | null;
  imageUrl: string;
  tries: number;
  lease: Date;
}

/**
 * Items' pictures kept on our side: a shop's image is fetched (SSRF-safe, capped, judged by its
 * bytes) and stored as an upload of the list's owner (counted in their quota, or the guest
 * list's), so share pages show `/uploads/…` from our origin and a shop that moves or blocks the
 * image breaks nothing. Saving an item only queues the copy (the item shows the shop's URL
 * until it is done); a background worker on every replica claims due copies in the database,
 * retries failures that may pass with back-off, and gives up after IMAGE_COPY_TRIES, keeping
 * the shop's URL. The queue lives in the item rows, so copies resume after a restart.
 * A replica makes a few copies at once, one per shop host, so a shop that hangs holds up only
 * its own images; a graceful stop hands the copies in flight back to the queue.
 */
export class ItemImages implements ImageCopies {
  private wakeWorker = () => {};
  private lastFetchAt = 0;
  /** Copies in flight on this replica, and the hosts they fetch from. */
  private readonly inFlight = new Set<Promise<void>>();
  private readonly busyHosts = new Set<string>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly queries: ItemImageQueries,
    private readonly clock: Clock,
    private readonly uploads: UploadService,
    private readonly options: ItemImageOptions,
  ) {}

  /** The copy columns of an item that now shows `imageUrl`: a copy due at once for a shop's image, else nothing to copy. */
  pendingCopy(imageUrl: string): ImageCopyColumns {
    const now = dateOf(this.clock);
    return isShopAddress(imageUrl)
      ? { storedImageUrl: '', imageCheckedAt: null, imageCopyTries: 0, imageCopyDueAt: now }
      : { storedImageUrl: '', imageCheckedAt: now, imageCopyTries: 0, imageCopyDueAt: null };
  }

  /** Copies were queued: this replica's worker starts on them now rather than at its next turn. */
  queued(): void {
    this.wakeWorker();
  }

  /** Removes a copy once no item or list uses it any more (an item deleted, its image changed). */
  async release(storedImageUrl: string): Promise<void> {
    if (storedImageUrl) await this.uploads.removeIfUnused(storedImageUrl);
  }

  /**
   * The copy worker: looks for due copies every `retryAfterMs` (at least once a minute) and when
   * woken by a save or a finished copy; `changed` is told of each list whose item got its copy.
   */
  schedule(scheduler: Scheduler, changed: (listId: string) => void): void {
    const interval = Math.min(this.options.retryAfterMs, 60_000);
    this.wakeWorker = scheduler.worker('item-images.copy', interval, () => this.copyNext(changed), 2_000).wake;
  }

  /**
   * Starts copying one due image when a place is free (paced to IMAGE_COPY_PER_MINUTE); answers
   * how many it started (0: none due, or all places taken). A finished copy wakes the worker.
   */
  async copyNext(changed: (listId: string) => void): Promise<number> {
    if (this.inFlight.size >= this.options.concurrency || this.stopping.signal.aborted) return 0;
    // The pace spares the shops, so it runs on real time (a test's clock would hold the worker inside its advance()).
    const wait = this.lastFetchAt + 60_000 / this.options.copiesPerMinute - Date.now();
    if (wait > 0) await Bun.sleep(wait);
    const claimed = this.stopping.signal.aborted ? null : await this.claimNext();
    if (!claimed) return 0;
    this.lastFetchAt = Date.now();
    const host = imageHost(claimed.imageUrl);
    this.busyHosts.add(host);
    const copying = this.copy(claimed, changed)
      .catch((error: unknown) => logEvent({ event: 'job.failed', level: 'error', job: 'item-images.copy', error }))
      .finally(() => {
        this.busyHosts.delete(host);
        this.inFlight.delete(copying);
        this.wakeWorker();
      });
    this.inFlight.add(copying);
    return 1;
  }

  /**
   * Takes no more copies and hands the ones in flight back: each is cut short and its row made
   * due again at once with the try not counted, so another replica (or this one restarted)
   * takes it without waiting for the lease to run out. Called before the store closes.
   */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.all(this.inFlight);
  }

  /**
   * Takes the next due copy: queued ones by due time, then items saved before copies were
   * queued (no due time). The conditional update is the claim: of several replicas seeing the
   * same row, only the one whose update still finds the old due time takes it.
   */
  private async claimNext(): Promise<ClaimedCopy | null> {
    const now = dateOf(this.clock);
    const hostFree = (candidate: { imageUrl: string }) => !this.busyHosts.has(imageHost(candidate.imageUrl));
    const queued = (await this.queries.queuedCopies(now, CANDIDATES)).filter(hostFree);
    const candidates = queued.length > 0 ? queued : (await this.queries.unqueuedCopies(CANDIDATES)).filter(hostFree);
    for (const candidate of candidates) {
      const lease = new Date(now.getTime() + CLAIM_LEASE_MS);
      const tries = await this.queries.take(candidate, lease);
      if (tries !== undefined) return { ...candidate, tries, lease };
    }
    return null;
  }

  private async copy(claimed: ClaimedCopy, changed: (listId: string) => void): Promise<void> {
    try {
      const image = await this.shrunk(await fetchImage(claimed.imageUrl, this.options.policy, this.stopping.signal), claimed);
      const { url } = await this.uploads.keep(image.bytes, image.type, { userId: claimed.ownerId, guestListId: claimed.listId });
      if (await this.settle(claimed, { storedImageUrl: url, imageCheckedAt: dateOf(this.clock) })) changed(claimed.listId);
      else await this.release(url); // the item changed or went meanwhile: its new image has its own copy
    } catch (error) {
      if (this.stopping.signal.aborted) {
        await this.settle(claimed, { imageCopyDueAt: dateOf(this.clock), imageCopyTries: claimed.tries - 1 });
        return;
      }
      const retry = worthRetrying(error) && claimed.tries < this.options.tries;
      const reason = error instanceof Error ? error.message : String(error);
      logEvent({ event: 'item_image.not_copied', level: 'warn', imageUrl: claimed.imageUrl, ownerId: claimed.ownerId, wishlistId: claimed.listId, tries: claimed.tries, retry, reason });
      const retryAt = new Date(this.clock.now() + this.options.retryAfterMs * 4 ** (claimed.tries - 1));
      await this.settle(claimed, retry ? { imageCopyDueAt: retryAt } : { storedImageUrl: '', imageCheckedAt: dateOf(this.clock) });
    }
  }

  /** The image scaled to MAX_IMAGE_SIDE as WebP when it is larger, else (or when the browser cannot) as sent. */
  private async shrunk(image: FetchedImage, claimed: ClaimedCopy): Promise<FetchedImage> {
    if (!this.options.onBlankPage) return image;
    try {
      return (await shrinkImage(image, this.options.onBlankPage)) ?? image;
    } catch (error) {
      logEvent({ event: 'item_image.not_scaled', level: 'warn', imageUrl: claimed.imageUrl, reason: error instanceof Error ? error.message : String(error) });
      return image;
    }
  }

  /** Writes the outcome while the item still shows that image and the claim is still ours; false otherwise. */
  private settle(claimed: ClaimedCopy, outcome: Partial<ImageCopyColumns>): Promise<boolean> {
    return this.queries.settle(claimed.id, claimed.imageUrl, claimed.lease, outcome);
  }
}

/** The host an image is fetched from ('' for an address that is not a URL: the fetch refuses it). */
function imageHost(imageUrl: string): string {
  const url = URL.parse(imageUrl);
  return url ? hostOf(url) : '';
}

/** Failures that may pass (network, time-outs, the shop's 5xx/429, our storage down); not refusals, non-images or a full quota. */
function worthRetrying(error: unknown): boolean {
  if (error instanceof ImageNotCopyable || error instanceof ScrapeRefused) return false;
  if (error instanceof DomainError) return ['upstream-failed', 'unavailable', 'storage-full'].includes(error.kind);
  return true;
}
