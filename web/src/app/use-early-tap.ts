import { useEffect, useSyncExternalStore } from 'react';
import { earlyTapsHeld } from './early-taps';

/**
 * Does what a tap kept before hydration on the button named `name` (its `data-early-tap`) asked,
 * once the component is `ready` to: the tap is taken once, by the first component ready for it.
 */
export function useEarlyTap(name: string, ready: boolean, act: () => void): void {
  const held = useSyncExternalStore(earlyTapsHeld.subscribe, () => earlyTapsHeld.has(name), () => false);
  useEffect(() => {
    if (held && ready && earlyTapsHeld.take(name)) act();
  }, [name, held, ready, act]);
}
