import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@wishwell/shared/constants';

type Subscribe = (onChange: () => void) => () => void;

/** One subscribe function per query, so React does not resubscribe on every render. */
const subscribers = new Map<string, Subscribe>();
function subscribeTo(query: string): Subscribe {
  let subscribe = subscribers.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    };
    subscribers.set(query, subscribe);
  }
  return subscribe;
}

/** Whether the window matches `query` now, kept current as it is resized. */
function useMediaQuery(query: string): boolean {
  // Server-rendered (no window): as if no query matched; hydration then takes the window's answer.
  return useSyncExternalStore(subscribeTo(query), () => window.matchMedia(query).matches, () => false);
}

/** True at the medium breakpoint (900 px) and above: tables there, cards below (spec section 2). */
export const useWideLayout = (): boolean => useMediaQuery(`(min-width: ${BREAKPOINTS.md}px)`);

/** True below the small breakpoint (600 px): a phone, where long texts get their short forms. */
export const usePhoneLayout = (): boolean => useMediaQuery(`(max-width: ${BREAKPOINTS.sm - 1}px)`);
