/** Names of the cookies the API reads. */
export const SESSION_COOKIE = 'wishwell_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** Guest list edit capabilities travel as one httpOnly cookie per list: `wl_cap_{listId}`. */
export const CAPABILITY_COOKIE_PREFIX = 'wl_cap_';

export const capabilityCookieName = (listId: string) => `${CAPABILITY_COOKIE_PREFIX}${listId}`;

/** The guest-list capabilities among the cookies: list id -> capability secret. */
export function capabilitiesOf(cookies: Map<string, string>): Map<string, string> {
  const capabilities = new Map<string, string>();
  for (const [name, secret] of cookies) {
    if (name.startsWith(CAPABILITY_COOKIE_PREFIX)) capabilities.set(name.slice(CAPABILITY_COOKIE_PREFIX.length), secret);
  }
  return capabilities;
}

/** Parses a Cookie header into name -> value (first occurrence wins, values URI-decoded). */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    if (cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

export interface CookieOptions {
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure: boolean;
  path?: string;
}

/** A Set-Cookie value; SameSite=Lax always (top-level navigation keeps the session, forms from other sites do not). */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`, 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Whether any cookie that grants access (session or a list capability) is present. */
export function hasCredentialCookie(cookies: Map<string, string>): boolean {
  for (const name of cookies.keys()) {
    if (name === SESSION_COOKIE || name.startsWith(CAPABILITY_COOKIE_PREFIX)) return true;
  }
  return false;
}
