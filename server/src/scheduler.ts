import type { DataStore } from './db/store';
import { logEvent } from './log';

/**
 * Recurring jobs (log pruning, reveal mails, ...): each runs on one replica at a time — the
 * store's runExclusive skips a turn while another process holds the job. Features register
 * theirs with every(); the runtime stops them before closing the store.
 */
export class Scheduler {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly store: DataStore) {}

  /** Runs `job` every `intervalMs`, the first time `firstRunAfterMs` after start (default: one interval). */
  every(name: string, intervalMs: number, job: () => Promise<void>, firstRunAfterMs = intervalMs): void {
    const run = () => {
      this.store.runExclusive(name, job).catch((error: unknown) => logEvent({ event: 'job.failed', level: 'error', job: name, error }));
    };
    const first = setTimeout(() => {
      this.timers.delete(first);
      run();
      this.keep(setInterval(run, intervalMs));
    }, firstRunAfterMs);
    this.keep(first);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private keep(timer: ReturnType<typeof setTimeout>): void {
    timer.unref();
    this.timers.add(timer);
  }
}
