import { API_BASE } from '@wishwell/shared/constants';
import type { DesktopFailure } from '@wishwell/shared/desktop-api';

/** A request to the configured server's API, authenticated as the admin window's session. */
export type ServerFetch = (apiPath: string, init?: RequestInit) => Promise<Response>;

/** The parts of Electron's Cookies the app reads. */
export interface CookieJar {
  get(filter: { url: string }): Promise<{ name: string; value: string }[]>;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

/**
 * The admin window's cookies for the server (its session) as request headers, with the XSRF
 * cookie echoed as the server's double-submit check wants for state-changing calls.
 */
export async function sessionHeaders(cookies: CookieJar, origin: string): Promise<Record<string, string>> {
  const jar = await cookies.get({ url: origin });
  const headers: Record<string, string> = {};
  if (jar.length) headers.cookie = jar.map((c) => `${c.name}=${c.value}`).join('; ');
  const xsrf = jar.find((c) => c.name === XSRF_COOKIE);
  if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf.value);
  return headers;
}

/** A ServerFetch over `fetchFn` for the origin and auth headers of the moment. */
export function createServerFetch(origin: () => string, authHeaders: () => Promise<Record<string, string>>, fetchFn: typeof fetch = fetch): ServerFetch {
  return async (apiPath, init = {}) => {
    const headers = { accept: 'application/json', ...(init.headers as Record<string, string> | undefined), ...(await authHeaders()) };
    return fetchFn(origin() + API_BASE + apiPath, { ...init, headers, redirect: 'error' });
  };
}

/** A failed answer as the page reports it: the server's `{ message }` when it sent one. */
export async function failureOf(response: Response): Promise<DesktopFailure> {
  let message: string | null = null;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON: the page falls back to its own text.
  }
  return { ok: false, status: response.status, message };
}

/** A transfer that broke off: the server was down, or the connection or a file failed midway. */
export function transferFailed(error: unknown): DesktopFailure {
  const reason = error instanceof Error ? error.message : String(error);
  return { ok: false, status: 0, message: `The transfer failed: ${reason}.` };
}
