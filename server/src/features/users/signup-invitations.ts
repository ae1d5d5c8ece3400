import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DataStore, Db } from '../../db/store';
import { hashSecret, newSecret } from '../../ids';

const SIGNUP_INVITATION_TTL_MS = 14 * 24 * 3600_000;

/** Where an admin's invitation link leads: the register page, carrying its token. */
export const signupInvitationPath = (token: string) => `/register?signup=${encodeURIComponent(token)}`;

/**
 * Invitation links an admin makes while sign-ups are by invitation: each lets one person register
 * within 14 days. Only the token's hash is kept; registering uses it up in the same transaction.
 */
export class SignupInvitations {
  constructor(private readonly store: DataStore) {}

  async create(adminId: string, origin: string): Promise<{ link: string; expiresAt: string }> {
    const token = newSecret();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SIGNUP_INVITATION_TTL_MS);
    await this.store.db.insert(this.store.tables.signupInvitations).values({ tokenHash: hashSecret(token), createdById: adminId, createdAt: now, expiresAt });
    return { link: `${origin}${signupInvitationPath(token)}`, expiresAt: expiresAt.toISOString() };
  }

  async isPending(token: string): Promise<boolean> {
    const { signupInvitations } = this.store.tables;
    const [row] = await this.store.db.select({ tokenHash: signupInvitations.tokenHash }).from(signupInvitations).where(this.pending(token));
    return row !== undefined;
  }

  /** Uses the link up for the account being created on `tx` (of two registering at once, one gets it); false when it is no link of ours. */
  async useOn(tx: Db, token: string): Promise<boolean> {
    const { signupInvitations } = this.store.tables;
    const used = await tx.update(signupInvitations).set({ usedAt: new Date() }).where(this.pending(token)).returning({ tokenHash: signupInvitations.tokenHash });
    return used.length > 0;
  }

  private pending(token: string) {
    const { signupInvitations } = this.store.tables;
    return and(eq(signupInvitations.tokenHash, hashSecret(token)), isNull(signupInvitations.usedAt), gt(signupInvitations.expiresAt, new Date()));
  }
}
