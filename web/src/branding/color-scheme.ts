import { useSyncExternalStore } from 'react';
import { COLOR_SCHEME_COOKIE, isColorScheme, type ColorScheme } from '@wishwell/shared/color-scheme';
import { readCookie } from '../api/client';

export type { ColorScheme };

/** localStorage: the scheme the user picked in the account menu; absent means "follow the system". */
const STORAGE_KEY = 'wwColorScheme';
const ONE_YEAR_S = 365 * 24 * 3600;
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

/** The choice, else its cookie alone (the server rendered the page in it: hydration must agree). */
function chosen(): ColorScheme | null {
  const value = localStorage.getItem(STORAGE_KEY) ?? readCookie(COLOR_SCHEME_COOKIE);
  return isColorScheme(value) ? value : null;
}

/**
 * Copies the choice into a cookie, so the server renders the next page in it (no light flash
 * before the scripts run). Also for choices made before the cookie existed.
 */
export function mirrorChoiceInCookie(): void {
  const scheme = chosen();
  if (scheme && readCookie(COLOR_SCHEME_COOKIE) !== scheme) {
    document.cookie = `${COLOR_SCHEME_COOKIE}=${scheme}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
  }
}

/** The scheme in force: the user's choice, else the system's. */
export function currentColorScheme(): ColorScheme {
  return chosen() ?? (systemDark().matches ? 'dark' : 'light');
}

/** Picks a scheme for this browser (the account menu's toggle). */
export function chooseColorScheme(scheme: ColorScheme): void {
  localStorage.setItem(STORAGE_KEY, scheme);
  mirrorChoiceInCookie();
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

/**
 * The server renders no scheme-dependent markup (the page wears the scheme on <html>/<body>,
 * outside React), so hydration may start from the real scheme: starting light would drop the
 * dark the server painted until a second render.
 */
const hydrationColorScheme = (): ColorScheme => (typeof window === 'undefined' ? 'light' : currentColorScheme());

/** The scheme in force, following system changes and the toggle. */
export function useColorScheme(): ColorScheme {
  return useSyncExternalStore(subscribe, currentColorScheme, hydrationColorScheme);
}
