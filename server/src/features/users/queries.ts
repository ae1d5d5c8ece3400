import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DataStore, Db, Row, Tables } from '../../db/store';

export type UserRow = Row<'users'>;
type ResetLinkRow = Row<'passwordResetTokens'>;
/** The account columns a profile or role change sets. */
type UserChanges = Partial<Pick<UserRow, 'name' | 'email' | 'country' | 'currency' | 'language' | 'isAdmin'>>;

/**
 * Every read and write of accounts, their password-reset links and an admin's sign-up
 * invitations; the rules (who may register, the first admin, rate limits, link lifetimes) are the services'.
 * A write that belongs to a service's transaction takes its `db` (the transaction's `tx`).
 */
export class UserQueries {
  constructor(private readonly store: DataStore) {}

  private get tables(): Tables {
    return this.store.tables;
  }

  async any(): Promise<boolean> {
    const { users } = this.tables;
    return (await this.store.db.select({ id: users.id }).from(users).limit(1)).length > 0;
  }

  async count(db: Db = this.store.db): Promise<number> {
    return (await db.select({ n: count() }).from(this.tables.users))[0]?.n ?? 0;
  }

  async byEmail(email: string): Promise<UserRow | undefined> {
    const { users } = this.tables;
    return (await this.store.db.select().from(users).where(eq(users.email, email)))[0];
  }

  async byId(id: string): Promise<UserRow | undefined> {
    const { users } = this.tables;
    return (await this.store.db.select().from(users).where(eq(users.id, id)))[0];
  }

  /** The id of the account with that address, if any. */
  async idOfEmail(email: string, db: Db = this.store.db): Promise<string | undefined> {
    const { users } = this.tables;
    return (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  }

  async insert(row: Tables['users']['$inferInsert'], db: Db = this.store.db): Promise<UserRow> {
    return (await db.insert(this.tables.users).values(row).returning())[0]!;
  }

  async update(id: string, changes: UserChanges, now: Date): Promise<UserRow | undefined> {
    const { users } = this.tables;
    return (await this.store.db.update(users).set({ ...changes, updatedAt: now }).where(eq(users.id, id)).returning())[0];
  }

  /** The id of the account with that address after setting its admin role; undefined when there is none. */
  async setAdminByEmail(email: string, isAdmin: boolean, now: Date): Promise<string | undefined> {
    const { users } = this.tables;
    return (await this.store.db.update(users).set({ isAdmin, updatedAt: now }).where(eq(users.email, email)).returning({ id: users.id }))[0]?.id;
  }

  /** Sets the account's admin role; false when it had that role already (or there is no such account). */
  async changeAdmin(id: string, isAdmin: boolean, now: Date): Promise<boolean> {
    const { users } = this.tables;
    const changed = await this.store.db.update(users).set({ isAdmin, updatedAt: now }).where(and(eq(users.id, id), eq(users.isAdmin, !isAdmin))).returning({ id: users.id });
    return changed.length > 0;
  }

  /** Replaces the hash only while it is still `oldHash` (the password did not change meanwhile). */
  async replaceHash(id: string, oldHash: string, passwordHash: string): Promise<void> {
    const { users } = this.tables;
    await this.store.db.update(users).set({ passwordHash }).where(and(eq(users.id, id), eq(users.passwordHash, oldHash)));
  }

  /** A new password, revoking every token issued so far. */
  async setPassword(id: string, passwordHash: string, now: Date, db: Db = this.store.db): Promise<UserRow | undefined> {
    const { users } = this.tables;
    return (await db.update(users).set({ passwordHash, ...this.revokingTokens(now) }).where(eq(users.id, id)).returning())[0];
  }

  /** Revokes every token issued so far (they carry the older version). */
  async revokeTokens(id: string, now: Date): Promise<void> {
    const { users } = this.tables;
    await this.store.db.update(users).set(this.revokingTokens(now)).where(eq(users.id, id));
  }

  /** Removes the account; its editor rows and reset links cascade. */
  async delete(id: string, db: Db): Promise<void> {
    const { users } = this.tables;
    await db.delete(users).where(eq(users.id, id));
  }

  async insertResetLink(row: ResetLinkRow, db: Db): Promise<void> {
    await db.insert(this.tables.passwordResetTokens).values(row);
  }

  async resetLink(tokenHash: string): Promise<ResetLinkRow | undefined> {
    const { passwordResetTokens } = this.tables;
    return (await this.store.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)))[0];
  }

  /** Deletes the link, answering it: of two concurrent deletes only one gets it. */
  async takeResetLink(tokenHash: string, db: Db): Promise<ResetLinkRow | undefined> {
    const { passwordResetTokens } = this.tables;
    return (await db.delete(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).returning())[0];
  }

  async deleteResetLinksOf(userId: string, db: Db = this.store.db): Promise<void> {
    const { passwordResetTokens } = this.tables;
    await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  }

  async deleteResetLinksExpiredBy(now: Date): Promise<void> {
    const { passwordResetTokens } = this.tables;
    await this.store.db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
  }

  async insertSignupInvitation(row: Tables['signupInvitations']['$inferInsert']): Promise<void> {
    await this.store.db.insert(this.tables.signupInvitations).values(row);
  }

  async isSignupInvitationPending(tokenHash: string, now: Date): Promise<boolean> {
    const { signupInvitations } = this.tables;
    const [row] = await this.store.db.select({ tokenHash: signupInvitations.tokenHash }).from(signupInvitations).where(this.pendingInvitation(tokenHash, now));
    return row !== undefined;
  }

  /** Marks a pending invitation used; false when none was pending (of two at once, one gets it). */
  async useSignupInvitation(tokenHash: string, now: Date, db: Db): Promise<boolean> {
    const { signupInvitations } = this.tables;
    const used = await db.update(signupInvitations).set({ usedAt: now }).where(this.pendingInvitation(tokenHash, now)).returning({ tokenHash: signupInvitations.tokenHash });
    return used.length > 0;
  }

  private pendingInvitation(tokenHash: string, now: Date) {
    const { signupInvitations } = this.tables;
    return and(eq(signupInvitations.tokenHash, tokenHash), isNull(signupInvitations.usedAt), gt(signupInvitations.expiresAt, now));
  }

  private revokingTokens(now: Date) {
    const { users } = this.tables;
    return { tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now };
  }
}
