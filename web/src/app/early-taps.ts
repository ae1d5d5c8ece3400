/**
 * Taps before hydration. A server-rendered page shows its buttons before React has hydrated
 * them, and on a slow phone that takes seconds: a guest taps 'Mark as Purchased' and nothing
 * would happen. The page's inline script (web/src/ssr/early-taps-script.ts, in <head>) keeps each
 * button tap until then; once hydrated, the last one is replayed, so it does what was asked.
 * Links are left alone: they work without React (the browser follows them).
 */
export const EARLY_TAPS = '__wwEarlyTaps';

declare global {
  interface Window {
    [EARLY_TAPS]?: Element[];
  }
}

/**
 * Stops holding taps back and replays the last one kept, if its button is still on the page. The
 * click goes out in a task of its own: React hydrates the part of the page a click lands in at
 * once (the page's Suspense boundary hydrates after the root), but not while it runs effects.
 */
export function replayEarlyTaps(): void {
  const taps = window[EARLY_TAPS];
  delete window[EARLY_TAPS];
  const last = taps?.at(-1);
  if (last instanceof HTMLElement) setTimeout(() => last.isConnected && last.click());
}
