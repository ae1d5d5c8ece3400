import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { DataStore } from '../../db/store';

/** What opened an admin event stream: the account, and the session (its token version) or the personal API token it proved. */
export interface StreamCredential {
  userId: string;
  tokenVersion: number;
  apiTokenId: string | null;
}

/** For each credential, whether it still proves an enabled admin (the caller closes the streams it no longer does). */
export type CredentialCheck = (credentials: StreamCredential[]) => Promise<boolean[]>;

/**
 * Checks credentials as the access policies do on every request, for many streams in two
 * queries: the account exists, is an enabled admin and, for a session, still has the token
 * version it signed in with (sign-out and password changes bump it); an API token still exists
 * with the admin scope and has not expired.
 */
export function adminCredentialCheck(store: DataStore): CredentialCheck {
  const { users, apiTokens } = store.tables;
  return async (credentials) => {
    const userIds = [...new Set(credentials.map((c) => c.userId))];
    const tokenIds = [...new Set(credentials.flatMap((c) => (c.apiTokenId ? [c.apiTokenId] : [])))];
    const [admins, tokens] = await Promise.all([
      store.db
        .select({ id: users.id, tokenVersion: users.tokenVersion })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.isAdmin, true), eq(users.isDisabled, false))),
      tokenIds.length === 0
        ? []
        : store.db
            .select({ id: apiTokens.id })
            .from(apiTokens)
            .where(and(inArray(apiTokens.id, tokenIds), eq(apiTokens.scope, 'admin'), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, new Date())))),
    ]);
    const versionOf = new Map(admins.map((admin) => [admin.id, admin.tokenVersion]));
    const liveTokens = new Set(tokens.map((token) => token.id));
    return credentials.map((c) => versionOf.has(c.userId) && (c.apiTokenId ? liveTokens.has(c.apiTokenId) : versionOf.get(c.userId) === c.tokenVersion));
  };
}
