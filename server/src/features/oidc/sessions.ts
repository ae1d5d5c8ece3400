import { eq, lt } from 'drizzle-orm';
import { SESSION_TTL_SECONDS } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { DataStore } from '../../db/store';
import { hashSecret } from '../../ids';
import type { ProviderSession } from './provider';

/**
 * The ID token of each session opened through a provider, kept on the server (found by the
 * session token's hash, never handed to the page) so signing out can end the provider's
 * session too. Rows go when their session could no longer be valid.
 */
export class OidcSessions {
  constructor(
    private readonly store: DataStore,
    private readonly clock: Clock,
  ) {}

  async remember(sessionToken: string, userId: string, session: ProviderSession): Promise<void> {
    const { db, tables: { oidcSessions } } = this.store;
    const now = this.clock.now();
    await db.delete(oidcSessions).where(lt(oidcSessions.expiresAt, new Date(now)));
    await db
      .insert(oidcSessions)
      .values({ tokenHash: hashSecret(sessionToken), userId, issuer: session.issuer, idToken: session.idToken, expiresAt: new Date(now + SESSION_TTL_SECONDS * 1000) })
      .onConflictDoNothing();
  }

  /**
   * The provider sign-in behind this session token, if it had one. Signing out ends every
   * session of the account, so every row of the account goes too.
   */
  async forget(sessionToken: string, userId: string): Promise<ProviderSession | null> {
    const { db, tables: { oidcSessions } } = this.store;
    const [row] = await db
      .select({ issuer: oidcSessions.issuer, idToken: oidcSessions.idToken, userId: oidcSessions.userId })
      .from(oidcSessions)
      .where(eq(oidcSessions.tokenHash, hashSecret(sessionToken)));
    await db.delete(oidcSessions).where(eq(oidcSessions.userId, userId));
    return row && row.userId === userId ? { issuer: row.issuer, idToken: row.idToken } : null;
  }
}
