import { API_BASE } from '@wishwell/shared/constants';
import type { ApiErrorBody } from '@wishwell/shared/api-types';

/** A failed API call: the server's message when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiRequestError';
  }
}

/** The server's message for a failure, else the screen's fallback text (spec section 8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : fallback;
}

let bearerToken: string | null = null;

/** Set by the session when a profile arrives; cleared on logout. */
export function setBearerToken(token: string | null): void {
  bearerToken = token;
}

/** A cookie the page may read (not httpOnly), decoded; null when absent. */
export function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(name + '='));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Send without the bearer token (the spec's admin delete calls). */
  withoutToken?: boolean;
}

/** One /api/v1 call: cookies sent, bearer token when signed in, XSRF header from its cookie. */
export async function apiRequest<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(options) };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(API_BASE + path, { method, headers, body: payload, credentials: 'include' });
  if (!response.ok) throw await failedResponseError(response);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return (await response.json()) as T;
  return (await response.blob()) as T;
}

/** The headers that authenticate a call: bearer token when signed in, XSRF header from its cookie. */
export function authHeaders(options: RequestOptions = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (bearerToken && !options.withoutToken) headers.authorization = `Bearer ${bearerToken}`;
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  return headers;
}

/** The error for a failed response, carrying the server's `{ message }` when it sent one. */
export async function failedResponseError(response: Response): Promise<ApiRequestError> {
  return new ApiRequestError(response.status, serverMessageOf(await response.text()));
}

/** The `message` of a JSON error body, else null. */
export function serverMessageOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as Partial<ApiErrorBody>;
    return typeof parsed.message === 'string' ? parsed.message : null;
  } catch {
    return null;
  }
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};
