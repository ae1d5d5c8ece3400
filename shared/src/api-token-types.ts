/**
 * Personal API tokens (My Account > API tokens): the contract of /users/tokens.
 * `read` tokens only read (GET/HEAD); `read-write` tokens do what the account can do on
 * `/api/v1` except the session-only routes; `admin` tokens (admins only) may also reach the
 * admin routes while the account is an admin.
 */
export const API_TOKEN_SCOPES = ['read', 'read-write', 'admin'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Every personal API token starts with this, so servers, logs and secret scanners know one. */
export const API_TOKEN_PREFIX = 'wwp_';

/** Whether a bearer value is a personal API token (rather than a session token). */
export function isApiToken(value: string): boolean {
  return value.startsWith(API_TOKEN_PREFIX);
}
export const API_TOKEN_NAME_MAX_LENGTH = 100;
/** How many tokens one account may hold. */
export const API_TOKENS_PER_ACCOUNT = 50;

/** POST /users/tokens */
export interface CreateApiTokenInput {
  name: string;
  scope: ApiTokenScope;
  /** ISO date-time; absent or null: never expires. */
  expiresAt?: string | null;
}

/** One token as GET /users/tokens lists it (never the secret). */
export interface ApiTokenSummary {
  _id: string;
  name: string;
  scope: ApiTokenScope;
  /** ISO date-time, or null when it never expires. */
  expiresAt: string | null;
  createdAt: string;
  /** ISO date-time of the last call it made (to the minute), or null if never used. */
  lastUsedAt: string | null;
}

/** POST /users/tokens: the only time the secret is shown. */
export interface CreatedApiToken {
  _id: string;
  name: string;
  scope: ApiTokenScope;
  expiresAt: string | null;
  token: string;
}
