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
 * Names a button whose tap the page cannot replay in place (`data-early-tap="follow"`): what it
 * stands for is not known at hydration (a share page's Follow is the e-mail form's until the
 * session says who is signed in). The component that answers it takes the tap once it is ready
 * (`useEarlyTap`).
 */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';

const heldTaps = new Set<string>();
const listeners = new Set<() => void>();
const heldTapsChanged = () => listeners.forEach((listener) => listener());

/** The held taps, for `useEarlyTap`: whether one is held, taking it (once), and hearing of new ones. */
export const earlyTapsHeld = {
  has: (name: string): boolean => heldTaps.has(name),
  take(name: string): boolean {
    const taken = heldTaps.delete(name);
    if (taken) heldTapsChanged();
    return taken;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * Stops holding taps back, makes the choices kept again (hydration may have put the select back)
 * and replays the last tap kept, each if its element is still on the page. They go out in a task
 * of their own: React hydrates the part of the page an event lands in at once (the page's Suspense
 * boundary hydrates after the root), but not while it runs effects.
 */
export function replayEarlyTaps(): void {
  const kept = window[EARLY_TAPS] ?? [];
  delete window[EARLY_TAPS];
  let lastTap = kept.findLast((entry) => entry instanceof HTMLElement);
  const held = lastTap?.getAttribute(EARLY_TAP_ATTRIBUTE);
  if (held) {
    heldTaps.add(held);
    lastTap = undefined;
    heldTapsChanged();
  }
  setTimeout(() => {
    for (const entry of kept) {
      if (!Array.isArray(entry) || !entry[0].isConnected) continue;
      entry[0].value = entry[1];
      entry[0].dispatchEvent(new Event('change', { bubbles: true }));
    }
    if (lastTap?.isConnected) lastTap.click();
  });
}
