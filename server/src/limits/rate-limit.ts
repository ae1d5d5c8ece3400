import type { SharedRateCounts } from '../db/store';
import { englishText, text, tooMany, type ErrorKey } from '../domain/errors';

export interface RateLimitRule {
  /** How many hits a key may have per window. */
  limit: number;
  windowMs: number;
  /** The refusal's first sentence, e.g. 'tooManySignIns' ('Too many sign-in attempts.'). */
  text: ErrorKey;
  /** Names the limit's counts shared between replicas; the text's English when left out (two limits with one text need their own). */
  scope?: string;
}

/**
 * The database's shared counts, when the server runs on one several processes share
 * (PostgreSQL); set by the server for its current store, null on SQLite.
 */
let sharedCounts: SharedRateCounts | null = null;
let sharingFailed = false;

export function shareRateLimitsThrough(counts: SharedRateCounts | null): void {
  sharedCounts = counts;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Past this many keys, expired windows are swept and, if still too many, the oldest dropped. */
const MAX_KEYS = 100_000;

/**
 * A fixed-window counter per key (an IP, an account, or both joined). hit() counts and throws a
 * too-many DomainError once the key is over its limit; the message says when to retry. The decision is
 * taken at once on this process's counts; on PostgreSQL each hit is also added to the shared
 * count (one upsert the request does not wait for) and the answer, every replica's hits, is
 * adopted. The hits a key takes while its upsert is under way go together in the next one: a
 * burst from one address makes one upsert per round trip, not a queue of upserts on one row
 * holding the pool's connections. So limits hold across replicas, give or take the hits other
 * replicas count during a round trip, and a replica's first hit on a key it has not seen yet.
 * Counts reset on restart (SQLite) or database restart (PostgreSQL), which is fine for abuse limits.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  /** Keys whose shared upsert is under way, with the hits counted here since it was sent. */
  private readonly unshared = new Map<string, number>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for the key; throws a too-many refusal when this hit is over the limit. */
  hit(key: string): void {
    const window = this.current(key, true)!;
    window.count += 1;
    this.share(key);
    if (window.count > this.rule.limit) throw this.refusal(window);
  }

  /** Throws a too-many refusal if the key is already at its limit, without counting. */
  check(key: string): void {
    const window = this.current(key, false);
    if (window && window.count >= this.rule.limit) throw this.refusal(window);
  }

  /** Whether the key still has hits left in this window (counts nothing). */
  allows(key: string): boolean {
    const window = this.current(key, false);
    return !window || window.count < this.rule.limit;
  }

  /** Forgets the key (e.g. the account's failed sign-ins after a successful one). */
  reset(key: string): void {
    this.windows.delete(key);
    if (this.unshared.has(key)) this.unshared.set(key, 0);
    sharedCounts?.forget(this.scope, key).catch(sharingError);
  }

  private get scope(): string {
    return this.rule.scope ?? englishText(this.rule.text);
  }

  /** Adds the hit to the shared count (now, or with the next upsert of the key) and takes on the total. */
  private share(key: string): void {
    if (!sharedCounts) return;
    const waiting = this.unshared.get(key);
    if (waiting === undefined) this.send(sharedCounts, key, 1);
    else this.unshared.set(key, waiting + 1);
  }

  /** One upsert of `hits`; the answer, other replicas' hits included, becomes this key's count. */
  private send(counts: SharedRateCounts, key: string, hits: number): void {
    this.unshared.set(key, 0);
    counts
      .add(this.scope, key, this.rule.windowMs, hits)
      .then(({ count, resetAt }) => {
        sharingFailed = false;
        if (resetAt <= this.now()) return;
        // This process's hits still on their way are in the local count, not yet in the answer.
        this.windows.set(key, { count: Math.max(count, this.windows.get(key)?.count ?? 0), resetAt });
      })
      .catch(sharingError)
      .finally(() => {
        const waiting = this.unshared.get(key) ?? 0;
        if (waiting > 0) this.send(counts, key, waiting);
        else this.unshared.delete(key);
      });
  }

  private current(key: string, create: boolean): Window | undefined {
    const now = this.now();
    let window = this.windows.get(key);
    if (window && window.resetAt <= now) {
      this.windows.delete(key);
      window = undefined;
    }
    if (!window && create) {
      if (this.windows.size >= MAX_KEYS) this.shrink(now);
      window = { count: 0, resetAt: now + this.rule.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  private shrink(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    // Maps iterate in insertion order: the first keys are the oldest windows.
    for (const key of this.windows.keys()) {
      if (this.windows.size < MAX_KEYS * 0.9) break;
      this.windows.delete(key);
    }
  }

  private refusal(window: Window) {
    const waitMs = Math.max(0, window.resetAt - this.now());
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
    const wait = minutes === 1 ? text('tryAgainInOneMinute') : text('tryAgainInMinutes', { minutes });
    return tooMany([text(this.rule.text), wait], waitMs / 1000);
  }
}

/** The shared counts failed (database away): limits keep counting per process; said once until they work again. */
function sharingError(error: unknown): void {
  if (sharingFailed) return;
  sharingFailed = true;
  console.error('Rate limits: the shared counts in the database failed; counting in this process only meanwhile:', error);
}
