import { useSyncExternalStore } from 'react';

export type ColorScheme = 'light' | 'dark';

/** localStorage: the scheme the user picked in the account menu; absent means "follow the system". */
const STORAGE_KEY = 'wwColorScheme';
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function chosen(): ColorScheme | null {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

/** The scheme in force: the user's choice, else the system's. */
export function currentColorScheme(): ColorScheme {
  return chosen() ?? (systemDark().matches ? 'dark' : 'light');
}

/** Picks a scheme for this browser (the account menu's toggle). */
export function chooseColorScheme(scheme: ColorScheme): void {
  localStorage.setItem(STORAGE_KEY, scheme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = systemDark();
  media.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', listener);
  };
}

/** A server render cannot know the visitor's scheme: it renders light, hydration follows suit, then the real one. */
const serverColorScheme = (): ColorScheme => 'light';

/** The scheme in force, following system changes and the toggle. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentColorScheme, serverColorScheme);
}
