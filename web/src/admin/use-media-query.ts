import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@wishwell/shared/constants';

const WIDE_QUERY = `(min-width: ${BREAKPOINTS.md}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(WIDE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True at the medium breakpoint (900 px) and above: tables there, cards below (spec section 2). */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_QUERY).matches);
}
