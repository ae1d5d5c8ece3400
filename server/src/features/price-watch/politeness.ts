/**
 * Per-shop manners for the price watch: one request at a time per host, at least `gapMs`
 * between two, and no request before a host's back-off has passed (a 429's Retry-After, or
 * doubling waits after errors). Kept in memory: the watch runs on one replica at a time.
 */
export class HostManners {
  private readonly lastAt = new Map<string, number>();
  private readonly notBefore = new Map<string, number>();
  private readonly errors = new Map<string, number>();
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly gapMs: number) {}

  /** When the host may be asked again (ms), or null when it may now. */
  backedOffUntil(host: string, nowMs: number): number | null {
    const until = this.notBefore.get(host) ?? 0;
    return until > nowMs ? until : null;
  }

  /** Runs `request` after the host's previous one and its gap: never two at once at one host. */
  one<T>(host: string, request: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(host) ?? Promise.resolve();
    const run = previous.then(async () => {
      const wait = (this.lastAt.get(host) ?? 0) + this.gapMs - performance.now();
      if (wait > 0) await Bun.sleep(wait);
      try {
        return await request();
      } finally {
        this.lastAt.set(host, performance.now());
      }
    });
    const settled = run.then(() => undefined, () => undefined);
    this.queues.set(host, settled);
    void settled.then(() => {
      if (this.queues.get(host) === settled) this.queues.delete(host);
    });
    return run;
  }

  /** The shop asked to wait (429/503). */
  busy(host: string, nowMs: number, retryAfterMs: number): void {
    this.notBefore.set(host, nowMs + retryAfterMs);
  }

  /** A failed request: the host waits 1, 2, 4 … minutes (at most an hour) before the next. */
  failed(host: string, nowMs: number): void {
    const count = (this.errors.get(host) ?? 0) + 1;
    this.errors.set(host, count);
    this.notBefore.set(host, nowMs + Math.min(60 * 60_000, 60_000 * 2 ** (count - 1)));
  }

  succeeded(host: string): void {
    this.errors.delete(host);
    this.notBefore.delete(host);
  }
}
