import { and, eq, lt } from 'drizzle-orm';
import type { DataStore, Db, Row } from '../../db/store';

type IdentityRow = Row<'oidcIdentities'>;
type SessionRow = Row<'oidcSessions'>;

/** Every read and write of provider identities linked to accounts and of provider sessions; the rules are the services'. */
export class OidcQueries {
  constructor(private readonly store: DataStore) {}

  /** The account the identity (issuer + subject) is linked to, if any. */
  async linkedUser(issuer: string, subject: string): Promise<string | undefined> {
    const { oidcIdentities } = this.store.tables;
    const [row] = await this.store.db
      .select({ userId: oidcIdentities.userId })
      .from(oidcIdentities)
      .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
    return row?.userId;
  }

  /** Links the identity (nothing when it is linked already); on `db`, the account's transaction where there is one. */
  async insertIdentity(row: IdentityRow, db: Db = this.store.db): Promise<void> {
    await db.insert(this.store.tables.oidcIdentities).values(row).onConflictDoNothing();
  }

  /** Keeps the session's row, after removing those expired by `now`. */
  async insertSession(row: SessionRow, now: Date): Promise<void> {
    const { db, tables: { oidcSessions } } = this.store;
    await db.delete(oidcSessions).where(lt(oidcSessions.expiresAt, now));
    await db.insert(oidcSessions).values(row).onConflictDoNothing();
  }

  async session(tokenHash: string): Promise<Pick<SessionRow, 'issuer' | 'idToken' | 'userId'> | undefined> {
    const { oidcSessions } = this.store.tables;
    return (await this.store.db.select({ issuer: oidcSessions.issuer, idToken: oidcSessions.idToken, userId: oidcSessions.userId }).from(oidcSessions).where(eq(oidcSessions.tokenHash, tokenHash)))[0];
  }

  async deleteSessionsOf(userId: string): Promise<void> {
    const { oidcSessions } = this.store.tables;
    await this.store.db.delete(oidcSessions).where(eq(oidcSessions.userId, userId));
  }
}
