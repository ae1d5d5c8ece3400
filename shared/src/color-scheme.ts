import { cookieValue } from './cookies';

export type ColorScheme = 'light' | 'dark';

/**
 * The cookie mirroring the scheme a visitor picked (the page keeps the choice in localStorage), so
 * server-rendered pages arrive in it. Absent means "follow the system": the page's CSS does.
 */
export const COLOR_SCHEME_COOKIE = 'ww_scheme';

export function isColorScheme(value: unknown): value is ColorScheme {
  return value === 'light' || value === 'dark';
}

/** The scheme a request's cookies say the visitor chose; null when they follow the system's. */
export function requestColorScheme(cookieHeader: string | null | undefined): ColorScheme | null {
  const chosen = cookieValue(cookieHeader, COLOR_SCHEME_COOKIE);
  return isColorScheme(chosen) ? chosen : null;
}
