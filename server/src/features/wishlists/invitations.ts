import { dateOf } from '../../clock';
import { looksLikeEmail, normalizeEmail } from '@wishwell/shared/account-types';
import { invitationPath, type AcceptedInvitation, type EditorInvitation, type InvitationPreview, type InvitationSent } from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import { forbidden, invalid, notFound } from '../../domain/errors';
import { RateLimiter } from '../../limits/rate-limit';
import { hashSecret, newId, newSecret } from '../../ids';
import { logEvent } from '../../log';
import { notify } from '../notifications/notify';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer, MailRequest } from '../../mail/mailer';
import { invitationMail } from '../../mail/invitation-mail';
import type { Scheduler } from '../../scheduler';
import type { ListAccess } from './access';
import type { InvitationQueries, InvitationRow } from './invitation-queries';
import { toEditor, type WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

/** Invitations per hour (RATE_LIMIT_INVITE_* settings). */
export interface InvitationLimits {
  perUser: number;
  perList: number;
}

/**
 * Editors join by invitation: the owner names any address, the address gets a mail with a
 * single-use link (stored only as a hash, valid 7 days), and whoever opens it signed in becomes
 * an editor. Nothing tells the owner whether the address has an account: the answer and the
 * work done are the same either way.
 */
export class InvitationService {
  private readonly perUser: RateLimiter;
  private readonly perList: RateLimiter;

  constructor(
    private readonly queries: WishlistQueries,
    private readonly invitations: InvitationQueries,
    private readonly mailer: Mailer,
    private readonly mailLinks: MailLinks,
    limits: InvitationLimits,
  ) {
    const text = 'tooManyInvitations';
    this.perUser = new RateLimiter({ limit: limits.perUser, windowMs: HOUR, text }, queries.clock);
    this.perList = new RateLimiter({ limit: limits.perList, windowMs: HOUR, text }, queries.clock);
  }

  private get store() {
    return this.queries.store;
  }

  /**
   * Mails an invitation to `emailInput` (replacing a pending one to the same address); answers the
   * editor list, and the link itself when this server cannot send mail (the owner passes it on).
   */
  async invite(access: ListAccess, emailInput: string, request: MailRequest): Promise<InvitationSent> {
    const { list, user } = accountOwned(access);
    const email = normalizeEmail(emailInput);
    if (!looksLikeEmail(email)) throw invalid('validEmailAddress');
    if (email === normalizeEmail(user.email)) throw invalid('inviteSelf');
    // Checked before either counts: an invitation one limit refuses uses up nothing of the other.
    this.perUser.check(user.id);
    this.perList.check(list.id);
    await this.perUser.hit(user.id);
    await this.perList.hit(list.id);
    const token = newSecret();
    const now = dateOf(this.queries.clock);
    const site = await this.mailLinks.site(request.origin);
    const link = `${site.origin}${invitationPath(token)}`;
    const mail = await invitationMail(this.mailer, { to: email, texts: 'invitation', inviter: user, name: list.name, link, company: site.company }, request);
    const queue = await this.mailer.queueIn();
    // The mail is queued with the invitation: both or neither (the outbox sends it after the answer).
    const invitation = { id: newId(), tokenHash: hashSecret(token), wishlistId: list.id, email, invitedById: user.id, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), acceptedAt: null, acceptedById: null };
    await this.store.transaction(async (tx) => {
      await this.invitations.replacePending(invitation, tx);
      await queue(mail, tx);
    });
    logEvent({ event: 'editor.invited', userId: user.id, wishlistId: list.id, invitationId: invitation.id });
    const editors = (await this.queries.editors(list.id)).map(toEditor);
    return (await this.mailer.configured()) ? { editors } : { editors, link };
  }

  /** The list's invitations not yet accepted, withdrawn or expired, oldest first. */
  async pending({ list }: ListAccess): Promise<EditorInvitation[]> {
    return (await this.invitations.pending(list.id, dateOf(this.queries.clock))).map(toInvitation);
  }

  /** Withdraws a pending invitation: its link stops working at once. Answers the pending list. */
  async withdraw(access: ListAccess, invitationId: string): Promise<EditorInvitation[]> {
    const { list, user } = accountOwned(access);
    if (!(await this.invitations.withdraw(list.id, invitationId))) throw notFound('invitationNotPending');
    logEvent({ event: 'editor.invitation-withdrawn', userId: user.id, wishlistId: list.id, invitationId });
    return this.pending(access);
  }

  /** What the link's holder sees before accepting; 404 once used, withdrawn or expired. */
  async preview(token: string): Promise<InvitationPreview> {
    const { invitation, list } = await this.usable(token);
    const inviter = await this.queries.owner(invitation.invitedById);
    return { wishlistName: list.name, invitedBy: inviter?.name ?? '', expiresAt: invitation.expiresAt.toISOString() };
  }

  /** Makes the signed-in caller an editor of the invitation's list and uses the link up. */
  async accept(token: string, user: SessionUser): Promise<AcceptedInvitation> {
    const { invitation, list } = await this.usable(token);
    if (list.ownerId === user.id) throw invalid('alreadyOwner');
    const now = dateOf(this.queries.clock);
    await this.store.transaction(async (tx) => {
      if (!(await this.invitations.accept(invitation, user.id, now, tx))) throw notFound('invitationInvalid');
    });
    logEvent({ event: 'role.change', role: 'editor', change: 'added', userId: user.id, wishlistId: list.id, invitationId: invitation.id });
    await notify(this.store, [invitation.invitedById], { kind: 'invitation-accepted', wishlistId: list.id, listName: list.name, detail: user.name }, dateOf(this.queries.clock));
    return { wishlistId: list.id, message: `You can now edit ${list.name}.` };
  }

  /** Registers the hourly removal of expired invitations and those accepted over a month ago (one replica at a time). */
  scheduleCleanup(scheduler: Scheduler): void {
    scheduler.every('invitations.cleanup', HOUR, async () => {
      const now = dateOf(this.queries.clock);
      await this.invitations.deleteStale(now, new Date(now.getTime() - 30 * 24 * HOUR));
    });
  }

  /** Whether `token` is an editor invitation still waiting to be accepted (sign-ups by invitation take it). */
  async isPending(token: string): Promise<boolean> {
    return this.usable(token).then(
      () => true,
      () => false,
    );
  }

  private async usable(token: string): Promise<{ invitation: InvitationRow; list: WishlistRow }> {
    const invitation = await this.invitations.byTokenHash(hashSecret(token));
    if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= this.queries.clock.now()) throw notFound('invitationInvalid');
    const list = await this.queries.list(invitation.wishlistId);
    if (!list || list.isDeleted || list.ownerId === null) throw notFound('invitationInvalid');
    return { invitation, list };
  }
}

/** Editors belong to an account's list: a guest list must be claimed (signed up) first. */
export function accountOwned({ list, user }: ListAccess): { list: WishlistRow; user: SessionUser } {
  if (list.ownerId === null || !user) throw forbidden('signUpToInvite');
  return { list, user };
}

function toInvitation(row: InvitationRow): EditorInvitation {
  return { _id: row.id, email: row.email, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}
