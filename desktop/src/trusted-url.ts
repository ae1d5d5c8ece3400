/** What the app does with a URL the admin window wants to open or navigate to. */
export type UrlDecision = 'allow' | 'open-externally' | 'drop';

/** True only for http(s) URLs on the configured server's origin (scheme, host and port alike). */
export function isTrustedUrl(url: string, serverOrigin: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== null && isWebUrl(parsed) && parsed.origin === serverOrigin;
}

/**
 * The server's own pages stay in the window; http(s) pages elsewhere go to the system browser;
 * anything else (file:, javascript:, data:, custom protocols) is dropped.
 */
export function decideUrl(url: string, serverOrigin: string): UrlDecision {
  if (isTrustedUrl(url, serverOrigin)) return 'allow';
  const parsed = parseUrl(url);
  return parsed && isWebUrl(parsed) ? 'open-externally' : 'drop';
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function isWebUrl(url: URL): boolean {
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === '';
}
