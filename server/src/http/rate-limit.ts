import type { SharedRateCounts } from '../db/store';
import { tooManyRequests } from './errors';

export interface RateLimitRule {
  /** How many hits a key may have per window. */
  limit: number;
  windowMs: number;
  /** The start of the 429 message, e.g. 'Too many sign-in attempts.' */
  message: string;
  /** Names the limit's counts shared between replicas; the message when left out (two limits with one message need their own). */
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
 * 429 ApiError once the key is over its limit; the message says when to retry. The decision is
 * taken at once on this process's counts; on PostgreSQL each hit is also added to the shared
 * count (one upsert the request does not wait for) and the answer, every replica's hits, is
 * adopted. So limits hold across replicas, give or take the hits other replicas count during
 * one round trip, and a replica's first hit on a key it has not seen yet. Counts reset on
 * restart (SQLite) or database restart (PostgreSQL), which is fine for abuse limits.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for the key; throws 429 when this hit is over the limit. */
  hit(key: string): void {
    const window = this.current(key, true)!;
    window.count += 1;
    this.share(key);
    if (window.count > this.rule.limit) throw this.refusal(window);
  }

  /** Throws 429 if the key is already at its limit, without counting. */
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
    sharedCounts?.forget(this.scope, key).catch(sharingError);
  }

  private get scope(): string {
    return this.rule.scope ?? this.rule.message;
  }

  /** Adds the hit to the shared count and takes on the total (other replicas' hits included). */
  private share(key: string): void {
    sharedCounts
      ?.add(this.scope, key, this.rule.windowMs)
      .then(({ count, resetAt }) => {
        sharingFailed = false;
        if (resetAt <= this.now()) return;
        // This process's hits still on their way are in the local count, not yet in the answer.
        this.windows.set(key, { count: Math.max(count, this.windows.get(key)?.count ?? 0), resetAt });
      })
      .catch(sharingError);
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
    return tooManyRequests(`${this.rule.message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, waitMs / 1000);
  }
}

/** The shared counts failed (database away): limits keep counting per process; said once until they work again. */
function sharingError(error: unknown): void {
  if (sharingFailed) return;
  sharingFailed = true;
  console.error('Rate limits: the shared counts in the database failed; counting in this process only meanwhile:', error);
}
