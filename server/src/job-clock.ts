/**
 * The time the followers' jobs (digests, reminders) run at: the wall clock, or a time a test sets
 * (startTestServer's setJobTime), so a test runs a week of digests without waiting for one.
 */
export class JobClock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ?? new Date();
  }

  /** Fixes the time (null: the wall clock again). */
  set(at: Date | null): void {
    this.fixed = at;
  }
}
