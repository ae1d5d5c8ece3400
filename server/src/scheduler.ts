import { systemClock, type Clock, type Timer } from './clock';
import type { DataStore } from './db/store';
import { logEvent } from './log';

/**
 * Recurring jobs (log pruning, reveal mails, ...): each runs on one replica at a time — the
 * store's runExclusive skips a turn while another process holds the job. Features register
 * theirs with every(); the runtime stops them before closing the store. Turns are timed by the
 * app's clock: a test moving its clock forward runs the turns that came due, and waits for them.
 */
export class Scheduler {
  private readonly timers = new Set<Timer>();
  private readonly jobs = new Map<string, () => Promise<boolean>>();
  private stopped = false;
  /** Workers' runs in progress (stop() ends their loops; idle() waits for the turn under way). */
  private readonly draining = new Set<Promise<void>>();

  constructor(
    private readonly store: DataStore,
    private readonly clock: Clock = systemClock,
  ) {}

  /** Runs `job` every `intervalMs`, the first time `firstRunAfterMs` after start (default: one interval). */
  every(name: string, intervalMs: number, job: () => Promise<void>, firstRunAfterMs = intervalMs): void {
    let running = false;
    // The store's runExclusive keeps other replicas out (on SQLite there are none); this keeps a
    // second turn of this process out (a run asked for by an operator while the timer's runs).
    const run = async () => {
      if (running) return false;
      running = true;
      try {
        return await this.store.runExclusive(name, job);
      } finally {
        running = false;
      }
    };
    this.jobs.set(name, run);
    this.repeat(() => run().catch((error: unknown) => logEvent({ event: 'job.failed', level: 'error', job: name, error })), intervalMs, firstRunAfterMs);
  }

  /** Whether a job or worker of that name is registered (the admin jobs route answers 404 otherwise). */
  has(name: string): boolean {
    return this.jobs.has(name);
  }

  /**
   * Runs a job registered with every() or worker() now, besides its turns, once no other turn holds it;
   * resolves when it has run (tests assert "nothing happened" after the job ran, not after a wait).
   */
  async runNow(name: string): Promise<void> {
    const run = this.jobs.get(name);
    if (!run) throw new Error(`No job named ${name}`);
    while (!(await run())) await Bun.sleep(10);
  }

  /**
   * A queue worker: `takeTurn` handles some due work and answers how much; it runs every
   * `intervalMs` (first `firstRunAfterMs` after start) and on wake(), repeats while it finds work,
   * and never runs twice at once in this process (a wake during a run makes it look again after).
   * Not exclusive across replicas: the queue claims its rows in the database, so every replica helps.
   */
  worker(name: string, intervalMs: number, takeTurn: () => Promise<number>, firstRunAfterMs = intervalMs): { wake: () => void } {
    let running: Promise<void> | null = null;
    let wokenWhileRunning = false;
    const drain = async () => {
      do {
        wokenWhileRunning = false;
        while (!this.stopped && (await takeTurn()) > 0);
      } while (wokenWhileRunning && !this.stopped);
    };
    /** Starts a drain unless one runs (then it looks again after); answers the drain under way. */
    const poke = (): Promise<void> | null => {
      if (this.stopped) return null;
      if (running) {
        wokenWhileRunning = true;
        return running;
      }
      const run = drain()
        .catch((error: unknown) => logEvent({ event: 'job.failed', level: 'error', job: name, error }))
        .finally(() => {
          running = null;
          this.draining.delete(run);
        });
      running = run;
      this.draining.add(run);
      return run;
    };
    this.repeat(poke, intervalMs, firstRunAfterMs);
    // runNow: after the run in progress (what it took is settled), one more drain of what is due.
    this.jobs.set(name, async () => {
      await running;
      while ((await takeTurn()) > 0);
      return true;
    });
    return { wake: () => void poke() };
  }

  /** Resolves once the workers' turns under way have ended (after stop(), before the store closes). */
  async idle(): Promise<void> {
    await Promise.all(this.draining);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
  }

  /** `run` answers its work's promise, so a test clock can wait for it. */
  private repeat(run: () => unknown, intervalMs: number, firstRunAfterMs: number): void {
    const first = this.clock.after(firstRunAfterMs, () => {
      this.timers.delete(first);
      this.timers.add(this.clock.every(intervalMs, run));
      return run();
    });
    this.timers.add(first);
  }
}
