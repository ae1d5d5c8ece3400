import type { DataStore, Db } from '../../db/store';
import { hashSecret, newSecret } from '../../ids';
import { UserQueries } from './queries';

const SIGNUP_INVITATION_TTL_MS = 14 * 24 * 3600_000;

/** Where an admin's invitation link leads: the register page, carrying its token. */
export const signupInvitationPath = (token: string) => `/register?signup=${encodeURIComponent(token)}`;

/**
 * Invitation links an admin makes while sign-ups are by invitation: each lets one person register
 * within 14 days. Only the token's hash is kept; registering uses it up in the same transaction.
 */
export class SignupInvitations {
  private readonly queries: UserQueries;

  constructor(store: DataStore) {
    this.queries = new UserQueries(store);
  }

  async create(adminId: string, origin: string): Promise<{ link: string; expiresAt: string }> {
    const token = newSecret();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + SIGNUP_INVITATION_TTL_MS);
    await this.queries.insertSignupInvitation({ tokenHash: hashSecret(token), createdById: adminId, createdAt: now, expiresAt });
    return { link: `${origin}${signupInvitationPath(token)}`, expiresAt: expiresAt.toISOString() };
  }

  isPending(token: string): Promise<boolean> {
    return this.queries.isSignupInvitationPending(hashSecret(token), new Date());
  }

  /** Uses the link up for the account being created on `tx` (of two registering at once, one gets it); false when it is no link of ours. */
  useOn(tx: Db, token: string): Promise<boolean> {
    return this.queries.useSignupInvitation(hashSecret(token), new Date(), tx);
  }
}
