/**
 * Taps before hydration. A server-rendered page shows its buttons before React has hydrated
 * them, and on a slow phone that takes seconds: a guest taps 'Mark as Purchased' and nothing
 * would happen. The page's inline script (web/src/ssr/early-taps-script.ts, in <head>) keeps each
 * button tap until then, and each choice in a select (the footer's language, the price filter's
 * currency); once hydrated, the choices are made again and the last tap is replayed, so they do
 * what was asked. Links are left alone: they work without React (the browser follows them).
 */
export const EARLY_TAPS = '__wwEarlyTaps';

declare global {
  interface Window {
    [EARLY_TAPS]?: (Element | [HTMLSelectElement, string])[];
  }
}

/**
 * Stops holding taps back, makes the choices kept again (hydration may have put the select back)
 * and replays the last tap kept, each if its element is still on the page. They go out in a task
 * of their own: React hydrates the part of the page an event lands in at once (the page's Suspense
 * boundary hydrates after the root), but not while it runs effects.
 */
export function replayEarlyTaps(): void {
  const kept = window[EARLY_TAPS] ?? [];
  delete window[EARLY_TAPS];
  const lastTap = kept.findLast((entry) => entry instanceof HTMLElement);
  setTimeout(() => {
    for (const entry of kept) {
      if (!Array.isArray(entry) || !entry[0].isConnected) continue;
      entry[0].value = entry[1];
      entry[0].dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (lastTap?.isConnected) lastTap.click();
  });
}
