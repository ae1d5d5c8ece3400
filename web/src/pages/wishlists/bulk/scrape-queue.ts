/**
 * The bulk view's queue: each pasted link read through POST /scrape, politely. One request at a
 * time per shop (host), a gap between two to the same shop, a few shops at once, and a pause on a
 * rate limit (429: its Retry-After) or a failure that may pass (5xx, network), then a retry.
 */

export type LinkState = 'waiting' | 'reading' | 'found' | 'failed';

/** Why a read failed, as the server said it (its message), or null for a network failure. */
export interface ReadFailure {
  status: number | null;
  message: string | null;
  retryAfterSeconds: number | null;
}

export interface QueueTiming {
  /** Shops read at once. */
  concurrency: number;
  /** Between the end of one read from a shop and the start of the next (ms). */
  hostGapMs: number;
  /** The first pause after a failure that may pass; doubled for each further one (ms). */
  backoffMs: number;
  /** Reads of one link before it counts as failed. */
  attempts: number;
}

export const POLITE: QueueTiming = { concurrency: 3, hostGapMs: 1000, backoffMs: 2000, attempts: 3 };
/** A rate limit's wait is never longer than this: past it the link fails (the user may add it by hand). */
const MAX_WAIT_MS = 120_000;

interface Entry {
  url: string;
  host: string;
  attempt: number;
  notBefore: number;
}

export interface QueueEvents<T> {
  onState(url: string, state: LinkState, detail: { result?: T; failure?: ReadFailure; retryAt?: number }): void;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
};

/** Failures worth another try: rate limits, server trouble, no answer. A refusal (4xx) stays one. */
const mayPass = (failure: ReadFailure) => failure.status === null || failure.status === 429 || failure.status >= 500;

export class ScrapeQueue<T> {
  private readonly pending: Entry[] = [];
  private readonly busyHosts = new Set<string>();
  /** When each shop may be asked again. */
  private readonly hostFreeAt = new Map<string, number>();
  private running = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly read: (url: string) => Promise<T>,
    private readonly asFailure: (error: unknown) => ReadFailure,
    private readonly events: QueueEvents<T>,
    private readonly timing: QueueTiming = POLITE,
    private readonly now: () => number = Date.now,
  ) {}

  add(urls: string[]): void {
    for (const url of urls) {
      this.pending.push({ url, host: hostOf(url), attempt: 0, notBefore: 0 });
      this.events.onState(url, 'waiting', {});
    }
    this.pump();
  }

  /** A link the user dropped: not read (a read under way finishes unheard). */
  drop(url: string): void {
    const index = this.pending.findIndex((entry) => entry.url === url);
    if (index >= 0) this.pending.splice(index, 1);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private pump(): void {
    if (this.stopped) return;
    const now = this.now();
    while (this.running < this.timing.concurrency) {
      const entry = this.pending.find((each) => !this.busyHosts.has(each.host) && Math.max(each.notBefore, this.hostFreeAt.get(each.host) ?? 0) <= now);
      if (!entry) break;
      this.pending.splice(this.pending.indexOf(entry), 1);
      void this.start(entry);
    }
    this.scheduleNext(now);
  }

  private scheduleNext(now: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const waits = this.pending.filter((each) => !this.busyHosts.has(each.host)).map((each) => Math.max(each.notBefore, this.hostFreeAt.get(each.host) ?? 0) - now);
    if (waits.length === 0 || this.running >= this.timing.concurrency) return;
    this.timer = setTimeout(() => this.pump(), Math.max(0, Math.min(...waits)));
  }

  private async start(entry: Entry): Promise<void> {
    this.running += 1;
    this.busyHosts.add(entry.host);
    entry.attempt += 1;
    this.events.onState(entry.url, 'reading', {});
    try {
      const result = await this.read(entry.url);
      if (!this.stopped) this.events.onState(entry.url, 'found', { result });
    } catch (error) {
      this.failed(entry, this.asFailure(error));
    } finally {
      this.running -= 1;
      this.busyHosts.delete(entry.host);
      this.hostFreeAt.set(entry.host, Math.max(this.hostFreeAt.get(entry.host) ?? 0, this.now() + this.timing.hostGapMs));
      this.pump();
    }
  }

  private failed(entry: Entry, failure: ReadFailure): void {
    if (this.stopped) return;
    const wait = failure.retryAfterSeconds !== null ? failure.retryAfterSeconds * 1000 : this.timing.backoffMs * 2 ** (entry.attempt - 1);
    if (!mayPass(failure) || entry.attempt >= this.timing.attempts || wait > MAX_WAIT_MS) {
      this.events.onState(entry.url, 'failed', { failure });
      return;
    }
    entry.notBefore = this.now() + wait;
    // A rate limit is the server's for every shop: the whole queue waits, not just this shop.
    if (failure.status === 429) for (const each of this.pending) each.notBefore = Math.max(each.notBefore, entry.notBefore);
    this.pending.unshift(entry);
    this.events.onState(entry.url, 'waiting', { failure, retryAt: entry.notBefore });
  }
}
