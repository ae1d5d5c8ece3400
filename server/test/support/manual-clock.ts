import type { Clock, Timer } from '../../src/clock';

interface Pending {
  at: number;
  /** Null: runs once. */
  intervalMs: number | null;
  run: () => unknown;
  order: number;
}

/**
 * A clock a test moves forward itself: its time runs on with the system's (so rows written one
 * after another keep their order), plus what advance() added. Its timers run only in advance(),
 * which runs those that came due in their order and waits for each one's work (a job's promise)
 * before the next: "nothing happened" can be asserted once advance() resolved.
 */
export class ManualClock implements Clock {
  private offset = 0;
  private readonly pending = new Set<Pending>();
  private made = 0;

  now(): number {
    return Date.now() + this.offset;
  }

  after(ms: number, run: () => unknown): Timer {
    return this.add(ms, null, run);
  }

  every(ms: number, run: () => unknown): Timer {
    return this.add(ms, ms, run);
  }

  /** Moves the time `ms` forward, running every timer due on the way; resolves once their work is done. */
  async advance(ms: number): Promise<void> {
    const end = this.now() + ms;
    for (let next = this.due(end); next; next = this.due(end)) {
      this.moveTo(next.at);
      if (next.intervalMs === null) this.pending.delete(next);
      else next.at += Math.max(1, next.intervalMs);
      await next.run();
    }
    this.moveTo(end);
  }

  /**
   * Moves the time `ms` forward without running the timers due on the way: for a test that then
   * runs the jobs it means itself (runNow, the admin jobs route) after a jump of days, where
   * advance() would run a seconds-long worker's every turn.
   */
  jump(ms: number): void {
    this.offset += ms;
  }

  /**
   * Sets the time to `at` (ms since the epoch), earlier or later, without running the timers due
   * on the way (as jump()): for a test that runs a job on given calendar days (a reminder before
   * 3 January, then the next year's) and then goes back to an earlier one for another list.
   */
  jumpTo(at: number): void {
    this.offset = at - Date.now();
  }

  /** Moves the time to `at` (ms since the epoch), as advance() does. */
  advanceTo(at: number): Promise<void> {
    return this.advance(Math.max(0, at - this.now()));
  }

  private moveTo(at: number): void {
    this.offset = Math.max(this.offset, at - Date.now());
  }

  private due(end: number): Pending | undefined {
    let first: Pending | undefined;
    for (const timer of this.pending) if (timer.at <= end && (!first || timer.at < first.at || (timer.at === first.at && timer.order < first.order))) first = timer;
    return first;
  }

  private add(ms: number, intervalMs: number | null, run: () => unknown): Timer {
    const timer: Pending = { at: this.now() + Math.max(0, ms), intervalMs, run, order: this.made++ };
    this.pending.add(timer);
    return { cancel: () => this.pending.delete(timer) };
  }
}
