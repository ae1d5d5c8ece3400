import { API_BASE } from '@wishwell/shared/constants';
import type { ApiErrorBody } from '@wishwell/shared/api-types';
import type { ApiAnswer, ApiCallOptions, ApiMethod, ApiPath } from './routes';

/** A failed API call: the server's message when it sent one. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    /** Retry-After of a 429 or 503, in seconds; null when the answer names none. */
    readonly retryAfterSeconds: number | null = null,
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

export interface RequestOptions {
  /** Send without the bearer token (the spec's admin delete calls). */
  withoutToken?: boolean;
}

/** One /api/v1 call: cookies sent, bearer token when signed in, XSRF header from its cookie. */
async function apiRequest(method: Uppercase<ApiMethod>, path: string, body: unknown, options: RequestOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(options) };
  let payload: BodyInit | undefined;
  if (hasFile(body)) payload = formData(body);
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const response = await fetch(API_BASE + path, { method, headers, body: payload, credentials: 'include' });
  if (!response.ok) throw await failedResponseError(response);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return await response.json();
  return await response.blob();
}

/** A body with a file field goes as multipart form data (the upload route), every other as JSON. */
function hasFile(body: unknown): body is Record<string, string | Blob> {
  return typeof body === 'object' && body !== null && Object.values(body).some((value) => value instanceof Blob);
}

function formData(fields: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

/** The route's path with its `:names` filled in, and the query appended. */
function resolvedPath(path: string, params: Record<string, string> = {}, query: Record<string, unknown> = {}): string {
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(name, String(value));
  return search.size > 0 ? `${filled}?${search}` : filled;
}

type CallArguments<Method extends ApiMethod, Path extends ApiPath<Method>> =
  {} extends ApiCallOptions<Method, Path> ? [options?: ApiCallOptions<Method, Path> & RequestOptions] : [options: ApiCallOptions<Method, Path> & RequestOptions];

type Caller<Method extends ApiMethod> = <Path extends ApiPath<Method>>(path: Path, ...[options]: CallArguments<Method, Path>) => Promise<ApiAnswer<Method, Path>>;

function caller<Method extends ApiMethod>(method: Method): Caller<Method> {
  return <Path extends ApiPath<Method>>(path: Path, ...[options]: CallArguments<Method, Path>): Promise<ApiAnswer<Method, Path>> => {
    const { params, query, body, ...request } = (options ?? {}) as { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } & RequestOptions;
    return apiRequest(method.toUpperCase() as Uppercase<Method>, resolvedPath(path, params, query), body, request) as Promise<ApiAnswer<Method, Path>>;
  };
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
  const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
  return new ApiRequestError(response.status, serverMessageOf(await response.text()), Number.isFinite(retryAfter) ? retryAfter : null);
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

/**
 * The typed API: `api.get('/wishlists/:id', { params: { id } })` answers what that route's handler
 * returns on the server (see ./routes.ts), and takes the body its schema accepts.
 */
export const api = {
  get: caller('get'),
  post: caller('post'),
  put: caller('put'),
  delete: caller('delete'),
};
