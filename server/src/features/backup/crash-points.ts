// Test-only fault injection (issue 8): with WISHWELL_TEST_CRASH_AT=<point> the process kills
// itself (SIGKILL, like a power cut) when a restore reaches that point, so a test can start it
// again and check that the data is entirely the old or entirely the new. `mail-queued`: right
// after a mail's transaction committed it to the outbox, before any worker sent it.

/** The points of a restore's swap, in order. */
export const CRASH_POINTS = ['uploads-kept', 'first-upload-in', 'uploads-in', 'database-out', 'database-in', 'uploads-pruned'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

export function crashPoint(point: CrashPoint | 'mail-queued'): void {
  if (process.env.WISHWELL_TEST_CRASH_AT === point) process.kill(process.pid, 'SIGKILL');
}
