import { SESSION_TTL_SECONDS } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { DataStore } from '../../db/store';
import { hashSecret } from '../../ids';
import type { ProviderSession } from './provider';
import { OidcQueries } from './queries';

/**
 * The ID token of each session opened through a provider, kept on the server (found by the
 * session token's hash, never handed to the page) so signing out can end the provider's
 * session too. Rows go when their session could no longer be valid.
 */
export class OidcSessions {
  private readonly queries: OidcQueries;

  constructor(
    store: DataStore,
    private readonly clock: Clock,
  ) {
    this.queries = new OidcQueries(store);
  }

  async remember(sessionToken: string, userId: string, session: ProviderSession): Promise<void> {
    const now = this.clock.now();
    const expiresAt = new Date(now + SESSION_TTL_SECONDS * 1000);
    await this.queries.insertSession({ tokenHash: hashSecret(sessionToken), userId, issuer: session.issuer, idToken: session.idToken, expiresAt }, new Date(now));
  }

  /**
   * The provider sign-in behind this session token, if it had one. Signing out ends every
   * session of the account, so every row of the account goes too.
   */
  async forget(sessionToken: string, userId: string): Promise<ProviderSession | null> {
    const row = await this.queries.session(hashSecret(sessionToken));
    await this.queries.deleteSessionsOf(userId);
    return row && row.userId === userId ? { issuer: row.issuer, idToken: row.idToken } : null;
  }
}
