import type { JsonBytes } from '@wishwell/shared/api-types';
import type { SharedWishlist } from '@wishwell/shared/wishlist-types';
import type { ChangeFeed } from '../../db/change-feed';
import { CrossProcessInvalidation } from '../../db/invalidation';
/** A rendered share view: the JSON body guests get and its ETag. */
export interface RenderedShareView {
  /** UTF-8 JSON, encoded once. */
  body: JsonBytes<SharedWishlist>;
  etag: string;
  /** The list's expiry (ms), so a cached answer stops being served the moment the list expires. */
  expiresAtMs: number | null;
  /** The end of the surprise mode of the list or one of its items (ms): until then its owner and editors must not be served this answer. */
  surpriseUntilMs: number | null;
  renderedAtMs: number;
  bytes: number;
}

/** The list's times a rendered view keeps (see RenderedShareView). */
export type ShareViewTimes = Pick<RenderedShareView, 'expiresAtMs' | 'surpriseUntilMs'>;

/** A view's body, encoded once, and its ETag (also for answers that are not kept, e.g. the owner's during a surprise). */
export function renderShareView(view: SharedWishlist, times: ShareViewTimes, nowMs: number): RenderedShareView {
  const body = new TextEncoder().encode(JSON.stringify(view)) as JsonBytes<SharedWishlist>;
  return { body, etag: `"${Bun.hash(body).toString(36)}"`, ...times, renderedAtMs: nowMs, bytes: body.byteLength };
}

const MAX_BYTES = 64 * 1024 * 1024;
/**
 * The owner's name is part of the answer but changes outside this feature (profile edits), as
 * does a guest list's currency (the instance's default), and admins toggle lists elsewhere:
 * entries therefore also age out after a minute.
 */
const MAX_AGE_MS = 60_000;

/** The change-feed channel of share views: a write may announce a list's change there itself (ListWrites.announcing), then call `announced`. */
export const SHARE_VIEWS_CHANNEL = 'wishwell_share_views';
/** What a write of a list's items announces (ListWrites.announcing, updateThenInsert): its list's id on SHARE_VIEWS_CHANNEL. */
export const LIST_CHANGED = { channel: SHARE_VIEWS_CHANNEL, key: 'wishlistId' } as const;

/**
 * Rendered share views kept in memory, keyed by list id. Every change to a list or its items
 * calls invalidate(listId); the oldest entries go first once the cache holds MAX_BYTES.
 */
export class ShareViewCache {
  private readonly entries = new Map<string, RenderedShareView>();
  private totalBytes = 0;
  /** Changes made through any replica drop the entry everywhere (PostgreSQL LISTEN/NOTIFY). */
  private readonly sync: CrossProcessInvalidation;

  constructor(feed: ChangeFeed) {
    this.sync = new CrossProcessInvalidation(feed, SHARE_VIEWS_CHANNEL, (listId) => this.drop(listId));
  }

  listen(): Promise<void> {
    return this.sync.listen();
  }

  /** Taken before reading a list to render: set() keeps the view only if nothing changed meanwhile. */
  renderStarted(): number {
    return this.sync.generation;
  }

  get(listId: string, nowMs: number): RenderedShareView | undefined {
    const entry = this.entries.get(listId);
    if (!entry) return undefined;
    const stale = nowMs - entry.renderedAtMs > MAX_AGE_MS || (entry.expiresAtMs !== null && entry.expiresAtMs <= nowMs);
    if (!stale) return entry;
    this.drop(listId);
    return undefined;
  }

  set(listId: string, view: SharedWishlist, times: ShareViewTimes, nowMs: number, renderStarted: number): RenderedShareView {
    this.drop(listId);
    const entry = renderShareView(view, times, nowMs);
    if (renderStarted !== this.sync.generation) return entry; // a change may have landed after the read
    this.entries.set(listId, entry);
    this.totalBytes += entry.bytes;
    for (const [oldestId] of this.entries) {
      if (this.totalBytes <= MAX_BYTES) break;
      this.drop(oldestId);
    }
    return entry;
  }

  /** The list or its items changed: every replica renders it again. */
  invalidate(listId: string): void {
    this.sync.invalidate(listId);
  }

  /** `listId` changed through a write that announced it on SHARE_VIEWS_CHANNEL itself: dropped here at once, elsewhere on hearing the write. */
  announced(listId: string): void {
    this.sync.invalidateHere(listId);
  }

  private drop(listId: string): void {
    const entry = this.entries.get(listId);
    if (!entry) return;
    this.entries.delete(listId);
    this.totalBytes -= entry.bytes;
  }
}
