import { tooManyRequests } from './errors';

export interface RateLimitRule {
  /** How many hits a key may have per window. */
  limit: number;
  windowMs: number;
  /** The start of the 429 message, e.g. 'Too many sign-in attempts.' */
  message: string;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Past this many keys, expired windows are swept and, if still too many, the oldest dropped. */
const MAX_KEYS = 100_000;

/**
 * An in-memory fixed-window counter per key (an IP, an account, or both joined). hit() counts
 * and throws a 429 ApiError once the key is over its limit; the message says when to retry.
 * One process holds the counts: they reset on restart, which is fine for abuse limits.
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
