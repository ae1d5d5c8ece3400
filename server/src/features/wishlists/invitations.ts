import { dateOf } from '../../clock';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { looksLikeEmail, normalizeEmail } from '@wishwell/shared/account-types';
import { invitationPath, type AcceptedInvitation, type EditorInvitation, type InvitationPreview, type InvitationSent } from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import type { Row } from '../../db/store';
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
import { toEditor, type WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

/** Invitations per hour (RATE_LIMIT_INVITE_* settings). */
export interface InvitationLimits {
  perUser: number;
  perList: number;
}

type InvitationRow = Row<'editorInvitations'>;

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
    const { editorInvitations } = this.store.tables;
    const site = await this.mailLinks.site(request.origin);
    const link = `${site.origin}${invitationPath(token)}`;
    const mail = await invitationMail(this.mailer, { to: email, texts: 'invitation', inviter: user, name: list.name, link, company: site.company }, request);
    const queue = await this.mailer.queueIn();
    // The mail is queued with the invitation: both or neither (the outbox sends it after the answer).
    const id = await this.store.transaction(async (tx) => {
      await tx.delete(editorInvitations).where(and(eq(editorInvitations.wishlistId, list.id), eq(editorInvitations.email, email), isNull(editorInvitations.acceptedAt)));
      const [created] = await tx
        .insert(editorInvitations)
        .values({ id: newId(), tokenHash: hashSecret(token), wishlistId: list.id, email, invitedById: user.id, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) })
        .returning({ id: editorInvitations.id });
      await queue(mail, tx);
      return created!.id;
    });
    logEvent({ event: 'editor.invited', userId: user.id, wishlistId: list.id, invitationId: id });
    const editors = (await this.queries.editors(list.id)).map(toEditor);
    return (await this.mailer.configured()) ? { editors } : { editors, link };
  }

  /** The list's invitations not yet accepted, withdrawn or expired, oldest first. */
  async pending({ list }: ListAccess): Promise<EditorInvitation[]> {
    const { editorInvitations } = this.store.tables;
    const rows = await this.store.db
      .select()
      .from(editorInvitations)
      .where(and(eq(editorInvitations.wishlistId, list.id), isNull(editorInvitations.acceptedAt), gt(editorInvitations.expiresAt, dateOf(this.queries.clock))))
      .orderBy(editorInvitations.createdAt);
    return rows.map(toInvitation);
  }

  /** Withdraws a pending invitation: its link stops working at once. Answers the pending list. */
  async withdraw(access: ListAccess, invitationId: string): Promise<EditorInvitation[]> {
    const { list, user } = accountOwned(access);
    const { editorInvitations } = this.store.tables;
    const [removed] = await this.store.db
      .delete(editorInvitations)
      .where(and(eq(editorInvitations.id, invitationId), eq(editorInvitations.wishlistId, list.id), isNull(editorInvitations.acceptedAt)))
      .returning({ id: editorInvitations.id });
    if (!removed) throw notFound('invitationNotPending');
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
    const { editorInvitations, wishlistEditors } = this.store.tables;
    const now = dateOf(this.queries.clock);
    await this.store.transaction(async (tx) => {
      // Setting acceptedAt is what uses the link up: of two concurrent accepts only one matches.
      const [used] = await tx
        .update(editorInvitations)
        .set({ acceptedAt: now, acceptedById: user.id })
        .where(and(eq(editorInvitations.id, invitation.id), isNull(editorInvitations.acceptedAt)))
        .returning({ id: editorInvitations.id });
      if (!used) throw notFound('invitationInvalid');
      await tx.insert(wishlistEditors).values({ wishlistId: list.id, userId: user.id, createdAt: now }).onConflictDoNothing();
    });
    logEvent({ event: 'role.change', role: 'editor', change: 'added', userId: user.id, wishlistId: list.id, invitationId: invitation.id });
    await notify(this.store, [invitation.invitedById], { kind: 'invitation-accepted', wishlistId: list.id, listName: list.name, detail: user.name }, dateOf(this.queries.clock));
    return { wishlistId: list.id, message: `You can now edit ${list.name}.` };
  }

  /** Registers the hourly removal of expired invitations and those accepted over a month ago (one replica at a time). */
  scheduleCleanup(scheduler: Scheduler): void {
    const { editorInvitations } = this.store.tables;
    scheduler.every('invitations.cleanup', HOUR, async () => {
      const now = dateOf(this.queries.clock);
      const monthAgo = new Date(now.getTime() - 30 * 24 * HOUR);
      await this.store.db.delete(editorInvitations).where(or(lte(editorInvitations.expiresAt, now), lte(editorInvitations.acceptedAt, monthAgo)));
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
    const { editorInvitations } = this.store.tables;
    const [invitation] = await this.store.db.select().from(editorInvitations).where(eq(editorInvitations.tokenHash, hashSecret(token)));
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
