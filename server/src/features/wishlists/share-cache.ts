/** A rendered share view: the JSON body guests get and its ETag. */
export interface RenderedShareView {
  /** UTF-8 JSON, encoded once. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** The list's expiry (ms), so a cached answer stops being served the moment the list expires. */
  expiresAtMs: number | null;
  renderedAtMs: number;
  bytes: number;
}

const MAX_BYTES = 64 * 1024 * 1024;
/**
 * The owner's name is part of the answer but changes outside this feature (profile edits), and
 * admins toggle lists elsewhere: entries therefore also age out after a minute.
 */
const MAX_AGE_MS = 60_000;

/**
 * Rendered share views kept in memory, keyed by list id. Every change to a list or its items
 * calls invalidate(listId); the oldest entries go first once the cache holds MAX_BYTES.
 */
export class ShareViewCache {
  private readonly entries = new Map<string, RenderedShareView>();
  private totalBytes = 0;

  get(listId: string, nowMs: number): RenderedShareView | undefined {
    const entry = this.entries.get(listId);
    if (!entry) return undefined;
    const stale = nowMs - entry.renderedAtMs > MAX_AGE_MS || (entry.expiresAtMs !== null && entry.expiresAtMs <= nowMs);
    if (!stale) return entry;
    this.invalidate(listId);
    return undefined;
  }

  set(listId: string, json: string, expiresAtMs: number | null, nowMs: number): RenderedShareView {
    this.invalidate(listId);
    const body = new TextEncoder().encode(json);
    const entry: RenderedShareView = {
      body,
      etag: `"${Bun.hash(body).toString(36)}"`,
      expiresAtMs,
      renderedAtMs: nowMs,
      bytes: body.byteLength,
    };
    this.entries.set(listId, entry);
    this.totalBytes += entry.bytes;
    for (const [oldestId] of this.entries) {
      if (this.totalBytes <= MAX_BYTES) break;
      this.invalidate(oldestId);
    }
    return entry;
  }

  invalidate(listId: string): void {
    const entry = this.entries.get(listId);
    if (!entry) return;
    this.entries.delete(listId);
    this.totalBytes -= entry.bytes;
  }
}
