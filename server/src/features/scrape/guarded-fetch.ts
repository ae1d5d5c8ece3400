import type { LookupFunction } from 'node:net';
import type { UrlPolicy } from './url-guard';
import { englishText, text, type ErrorKey, type ErrorParam, type ErrorText } from '../../domain/errors';

export const MAX_BODY_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

export interface FetchedPage {
  /** Where the page finally came from, after redirects. */
  url: URL;
  status: number;
  contentType: string;
  body: Buffer;
  /** True when the body was cut at the byte limit (MAX_BODY_BYTES unless told). */
  truncated: boolean;
  /** The Retry-After header ('' without one): how long a shop that answered 429 or 503 wants us to wait. */
  retryAfter: string;
}

export interface GuardedFetchOptions {
  policy: UrlPolicy;
  userAgent: string;
  signal: AbortSignal;
  /** Extra request headers (Accept-Language...). */
  headers?: Record<string, string>;
  /** Bytes read at most (default MAX_BODY_BYTES); past it the body is cut and marked truncated. */
  maxBytes?: number;
  /** DNS lookup to use instead of the system's (tests simulate names resolving to private addresses). */
  lookup?: LookupFunction;
}

/** A scrape that could not complete (network error, HTTP error, not a page): a failure, not a refusal. */
export class FetchFailed extends Error {
  /** Why, as a catalogue text (its message is the English). */
  readonly reason: ErrorText;

  constructor(key: ErrorKey, params?: Record<string, ErrorParam>) {
    super(englishText(key, params));
    this.name = 'FetchFailed';
    this.reason = text(key, params);
  }
}

/**
 * GET a user-supplied URL safely (see guarded-transport.ts). The transport, with node:http(s),
 * node:zlib and the filtering agents, loads on the first fetch: start-up does not need it.
 */
export async function guardedFetch(rawUrl: string, options: GuardedFetchOptions): Promise<FetchedPage> {
  const { fetchGuarded } = await import('./guarded-transport');
  return fetchGuarded(rawUrl, options);
}
