import { systemClock, type Clock } from '../clock';
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

/** The hits of a key that wait for its next shared upsert, in arrival order: each is told whether it got in. */
type Verdicts = ((admitted: boolean) => void)[];

/** Past this many keys, expired windows are swept and, if still too many, the oldest dropped. */
const MAX_KEYS = 100_000;

/**
 * A fixed-window counter per key (an IP, an account, or both joined). hit() counts and rejects
 * with a too-many DomainError once the key is over its limit; the message says when to retry.
 *
 * On PostgreSQL every hit is also added to the count shared by the replicas (one upsert), and
 * the total it answers is adopted. A hit when none of its key is on its way is decided at once
 * on what this process knows and shared without waiting, so a request taken alone never pays a
 * round trip. A hit that comes while its key's upsert is under way (a burst from one address)
 * waits for the next upsert, which carries all the hits that came meanwhile, and is judged on
 * its place in the shared count. So each replica has at most one hit per key that the others
 * have not seen, and once a replica learns the limit is reached it refuses without asking:
 * behind N replicas a limit holds to within N - 1 hits, bursts included.
 * Counts reset on restart (SQLite) or database restart (PostgreSQL), which is fine for abuse limits.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  /** Keys whose shared upsert is under way, with the hits waiting for the next one. */
  private readonly sending = new Map<string, Verdicts>();

  constructor(
    readonly rule: RateLimitRule,
    private readonly clock: Pick<Clock, 'now'> = systemClock,
  ) {}

  /** Counts one hit for the key; rejects with a too-many refusal when this hit is over the limit. */
  async hit(key: string): Promise<void> {
    if (!(await this.take(key))) throw this.refusal(this.current(key, true)!);
  }

  /** Counts one hit and answers whether the key had room for it (false: over the limit); never throws. */
  async take(key: string): Promise<boolean> {
    const window = this.current(key, true)!;
    // This process's count never runs ahead of the shared one: at the limit here, it is reached.
    if (window.count >= this.rule.limit) return false;
    window.count += 1;
    if (!sharedCounts) return true;
    const waiting = this.sending.get(key);
    if (waiting) return new Promise((verdict) => waiting.push(verdict));
    this.send(sharedCounts, key, [() => {}]); // decided already: the upsert only tells the others
    return true;
  }

  /** Throws a too-many refusal if the key is already at its limit, without counting. */
  check(key: string): void {
    const window = this.current(key, false);
    if (window && window.count >= this.rule.limit) throw this.refusal(window);
  }

  /** Forgets the key (e.g. the account's failed sign-ins after a successful one). */
  reset(key: string): void {
    this.windows.delete(key);
    sharedCounts?.forget(this.scope, key).catch(sharingError);
  }

  private get scope(): string {
    return this.rule.scope ?? englishText(this.rule.text);
  }

  /**
   * One upsert of the hits behind `verdicts`; the total it answers, other replicas' hits included,
   * becomes this key's count, and the hits are the last ones in it. Meanwhile new hits of the key
   * gather for the next upsert.
   */
  private send(counts: SharedRateCounts, key: string, verdicts: Verdicts): void {
    const window = this.windows.get(key);
    const next: Verdicts = [];
    this.sending.set(key, next);
    counts
      .add(this.scope, key, this.rule.windowMs, verdicts.length)
      .then(
        ({ count, resetAt }) => {
          sharingFailed = false;
          const current = resetAt > this.clock.now();
          // Not after a reset() or the window's end: the count answered belongs to the old window.
          if (current && window && this.windows.get(key) === window) Object.assign(window, { count: Math.max(count, window.count), resetAt });
          const first = count - verdicts.length + 1;
          verdicts.forEach((verdict, place) => verdict(!current || first + place <= this.rule.limit));
        },
        (error: unknown) => {
          sharingError(error);
          // Unshared, a hit is judged on this process's count, which had room for it when it came.
          for (const verdict of verdicts) verdict(true);
        },
      )
      .finally(() => {
        if (next.length > 0) this.send(counts, key, next);
        else this.sending.delete(key);
      });
  }

  private current(key: string, create: boolean): Window | undefined {
    const now = this.clock.now();
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
    const waitMs = Math.max(0, window.resetAt - this.clock.now());
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
