/** A pending timer of a Clock. */
export interface Timer {
  cancel(): void;
}

/**
 * Where the server reads the time and sets its timers: the system's, or in tests one they move
 * forward themselves (server/test/support/manual-clock.ts), so a test waits for no date to pass.
 * A timer's `run` may answer a promise: a test clock waits for it before it moves on.
 */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `run` once, `ms` from now. The timer keeps no process alive. */
  after(ms: number, run: () => unknown): Timer;
  /** Runs `run` every `ms` from now. The timer keeps no process alive. */
  every(ms: number, run: () => unknown): Timer;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
  every(ms, run) {
    const timer = setInterval(run, ms);
    timer.unref();
    return { cancel: () => clearInterval(timer) };
  },
};

/** The clock's now as a Date (for rows and SQL parameters). */
export function dateOf(clock: Clock): Date {
  return new Date(clock.now());
}
