import type { DomainError, ErrorKind } from '../domain/errors';

const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unprocessable: 422,
  'too-many': 429,
  'upstream-failed': 502,
  unavailable: 503,
  'storage-full': 507,
};

export const statusOf = (error: DomainError): number => STATUS[error.kind];

/** The headers a refusal of this kind answers with. */
export function headersOf(error: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  // Closes the connection, so a client still sending the rest is cut off instead of drained.
  if (error.kind === 'too-large') headers.connection = 'close';
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(Math.ceil(error.retryAfterSeconds));
  return headers;
}
