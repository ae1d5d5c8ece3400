import type { ApiClient } from './api-client';

export interface RoundTripOptions {
  /** Query of the start link (claimList, invitation). */
  query?: Record<string, string>;
  /** Changes the authorization request on its way to the provider (a forged state or nonce). */
  alterAuthorizationUrl?: (url: URL) => void;
  /** The browser's cookies at the provider, kept across round trips (its session); a fresh jar when left out. */
  providerCookies?: Map<string, string>;
}

/**
 * What a browser does for "Sign in with ...": opens /api/v1/users/oidc/start on the server
 * (keeping the server's cookies in `client`), follows the redirects through the provider (its
 * own cookies kept apart) back to the callback, and answers where the server finally sends it
 * (a /login?... URL).
 */
export async function oidcRoundTrip(client: ApiClient, options: RoundTripOptions = {}): Promise<URL> {
  const query = new URLSearchParams(options.query);
  const start = await client.get(`/users/oidc/start${query.size ? `?${query}` : ''}`);
  let location = new URL(requireRedirect(start.status, start.headers), client.baseUrl);
  if (location.origin === client.baseUrl) return location; // refused before leaving (provider down)
  options.alterAuthorizationUrl?.(location);
  location = await followAtProvider(location, client.baseUrl, options.providerCookies ?? new Map());
  const callback = await client.get(location.pathname + location.search);
  return new URL(requireRedirect(callback.status, callback.headers), client.baseUrl);
}

/**
 * Follows the provider's redirects (GET, or `form` POSTed to the first one) with its cookies
 * in `jar` until one leads back to `siteOrigin`, and answers that URL.
 */
export async function followAtProvider(location: URL, siteOrigin: string, jar: Map<string, string>, form?: URLSearchParams): Promise<URL> {
  for (let hops = 0; location.origin !== siteOrigin; hops++) {
    if (hops > 10) throw new Error('too many redirects at the provider');
    const body = hops === 0 ? form : undefined;
    const response = await fetch(location, { method: body ? 'POST' : 'GET', body, redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    keepCookies(jar, response.headers);
    await response.body?.cancel();
    location = new URL(requireRedirect(response.status, response.headers), location);
  }
  return location;
}

function requireRedirect(status: number, headers: Headers): string {
  const location = headers.get('location');
  if (status < 300 || status > 399 || !location) throw new Error(`expected a redirect, got ${status}`);
  return location;
}

function keepCookies(jar: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const expired = attributes.some((a) => /max-age=0\b|expires=thu, 01 jan 1970/i.test(a.trim()));
    if (expired) jar.delete(name);
    else jar.set(name, pair!.slice(eq + 1).trim());
  }
}
