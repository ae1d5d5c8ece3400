import type { After } from '@wishwell/shared/admin-events';

/** Timers a test moves forward itself: `after` schedules, `advance` runs what came due, in order. */
export class ManualTimers {
  private now = 0;
  private readonly pending = new Set<{ at: number; run: () => void }>();

  readonly after: After = (ms, run) => {
    const timer = { at: this.now + ms, run };
    this.pending.add(timer);
    return () => this.pending.delete(timer);
  };

  advance(ms: number): void {
    const end = this.now + ms;
    for (let next = this.due(end); next; next = this.due(end)) {
      this.pending.delete(next);
      this.now = next.at;
      next.run();
    }
    this.now = end;
  }

  private due(end: number) {
    return [...this.pending].filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
  }
}
