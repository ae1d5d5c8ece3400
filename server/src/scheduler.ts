import type { DataStore } from './db/store';

/**
 * Recurring jobs (log pruning, reveal mails, ...): each runs on one replica at a time — the
 * store's runExclusive skips a turn while another process holds the job. Features register
 * theirs with every(); the runtime stops them before closing the store.
 */
export class Scheduler {
  private readonly timers = new Set<ReturnType<typeof setInterval>>();

  constructor(private readonly store: DataStore) {}

  every(name: string, intervalMs: number, job: () => Promise<void>): void {
    const timer = setInterval(() => {
      this.store.runExclusive(name, job).catch((error: unknown) => console.error(`scheduled job ${name} failed:`, error));
    }, intervalMs);
    timer.unref();
    this.timers.add(timer);
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
  }
}
