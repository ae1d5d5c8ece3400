import { looksLikeEmail, normalizeEmail } from '@wishwell/shared/account-types';
import { circleJoinPath, type Circle, type CircleInvitePreview, type CircleInviteSent, type CircleSummary, type JoinedCircle } from '@wishwell/shared/circle-types';
import type { SessionUser } from '../../auth/session-user';
import { dateOf } from '../../clock';
import { conflict, invalid, notFound } from '../../domain/errors';
import { hashSecret, newId, newSecret } from '../../ids';
import { belowCap, type CircleLimits } from '../../limits/circles';
import { RateLimiter } from '../../limits/rate-limit';
import { logEvent } from '../../log';
import { invitationMail } from '../../mail/invitation-mail';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer, MailRequest } from '../../mail/mailer';
import type { Scheduler } from '../../scheduler';
import { INVITATION_TTL_MS } from '../wishlists/invitations';
import type { CircleMembership } from './access';
import { circleView } from './circle-view';
import type { CircleQueries } from './queries';

const HOUR = 60 * 60_000;

/**
 * Gift circles: a signed-in account makes one and is its creator; others join by its invite link
 * (a token the creator renews, stored as a hash: shown only when made) or by a mail carrying a
 * link of its own. Each member picks which of their own lists
 * the circle sees. The creator removes members and may hand the circle over; the last to leave
 * takes the circle with them.
 */
export class CircleService {
  private readonly invitesPerUser: RateLimiter;

  constructor(
    private readonly queries: CircleQueries,
    private readonly mailer: Mailer,
    private readonly mailLinks: MailLinks,
    private readonly limits: CircleLimits,
  ) {
    this.invitesPerUser = new RateLimiter({ limit: limits.invitationsPerHour, windowMs: HOUR, text: 'tooManyCircleInvitations' }, queries.lists.clock);
  }

  private get store() {
    return this.queries.store;
  }

  /** Registers the hourly removal of mailed invitations past their time (one replica at a time), as editor invitations have. */
  scheduleCleanup(scheduler: Scheduler): void {
    scheduler.every('circle-invitations.cleanup', HOUR, () => this.queries.deleteExpiredInvitations(this.now()));
  }

  private now(): Date {
    return dateOf(this.queries.lists.clock);
  }

  async mine(user: SessionUser): Promise<CircleSummary[]> {
    const rows = await this.queries.circlesOf(user.id);
    return rows.map((row) => ({ _id: row.id, name: row.name, memberCount: row.memberCount, isCreator: row.creatorId === user.id }));
  }

  async create(user: SessionUser, name: string, request: MailRequest): Promise<Circle> {
    belowCap(await this.queries.circleCountOf(user.id), this.limits.perUser, 'tooManyCircles');
    const now = this.now();
    const token = newSecret();
    const circle = { id: newId(), name: name.trim(), creatorId: user.id, joinTokenHash: hashSecret(token), createdAt: now, updatedAt: now };
    await this.store.transaction(async (tx) => {
      await this.queries.insertCircle(circle, tx);
      await this.queries.addMember(circle.id, user.id, now, tx);
    });
    logEvent({ event: 'circle.created', userId: user.id, circleId: circle.id });
    return this.view({ circle, user, isCreator: true, joinedAt: now } as CircleMembership, { origin: request.origin, token });
  }

  /** The circle as `membership` sees it; with the invite link only in the answer that made it (`link`). */
  async view(membership: CircleMembership, link?: { origin: string; token: string }): Promise<Circle> {
    return circleView(this.queries, membership, link ? await this.inviteLink(link.token, link.origin) : null);
  }

  async rename(membership: CircleMembership, name: string): Promise<Circle> {
    await this.queries.rename(membership.circle.id, name.trim(), this.now());
    return this.view({ ...membership, circle: { ...membership.circle, name: name.trim() } });
  }

  /** A new invite link, in this answer only: the old one, and the links mailed so far, stop working at once. */
  async renewLink(membership: CircleMembership, requestOrigin: string): Promise<Circle> {
    const token = newSecret();
    await this.store.transaction((tx) => this.queries.renewJoinToken(membership.circle.id, hashSecret(token), this.now(), tx));
    logEvent({ event: 'circle.link-renewed', userId: membership.user.id, circleId: membership.circle.id });
    return this.view(membership, { origin: requestOrigin, token });
  }

  /**
   * Mails `emailInput` a link of its own (valid a week, until used or the circle's link is
   * renewed), queued with the invitation as editor invitations are; answers the link too when
   * this server cannot send mail (the creator passes it on). The answer is the same whether the
   * address has an account or not.
   */
  async invite(membership: CircleMembership, emailInput: string, request: MailRequest): Promise<CircleInviteSent> {
    const { circle, user } = membership;
    const email = normalizeEmail(emailInput);
    if (!looksLikeEmail(email)) throw invalid('validEmailAddress');
    if (email === normalizeEmail(user.email)) throw invalid('inviteSelfToCircle');
    belowCap(await this.queries.memberCount(circle.id), this.limits.membersPerCircle, 'circleFull');
    await this.invitesPerUser.hit(user.id);
    const token = newSecret();
    const site = await this.mailLinks.site(request.origin);
    const link = `${site.origin}${circleJoinPath(token)}`;
    const invitation = { to: email, texts: 'circleInvitation' as const, inviter: user, name: circle.name, link, company: site.company };
    const mail = await invitationMail(this.mailer, invitation, request);
    const queue = await this.mailer.queueIn();
    const now = this.now();
    // The invitation and its mail: both or neither (the outbox sends it after the answer).
    await this.store.transaction(async (tx) => {
      // As long as an editor's invitation may be used.
      const row = { tokenHash: hashSecret(token), circleId: circle.id, email, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) };
      await this.queries.insertInvitation(row, tx);
      await queue(mail, tx);
    });
    logEvent({ event: 'circle.invited', userId: user.id, circleId: circle.id });
    return (await this.mailer.configured()) ? {} : { link };
  }

  /** What the link's holder sees before joining; 404 for a link renewed, used (if mailed), expired or never made. */
  async preview(token: string): Promise<CircleInvitePreview> {
    const circle = await this.byToken(token);
    const creator = circle.creatorId ? (await this.queries.namesOf([circle.creatorId])).get(circle.creatorId) : undefined;
    return { name: circle.name, createdBy: creator ?? '', memberCount: await this.queries.memberCount(circle.id) };
  }

  /** Whether `token` is a circle's current invite link or a mailed one (sign-ups by invitation take it). */
  async isPending(token: string): Promise<boolean> {
    return (await this.queries.circleByToken(token, this.now())) !== undefined;
  }

  async join(token: string, user: SessionUser): Promise<JoinedCircle> {
    const circle = await this.byToken(token);
    if (await this.queries.isMember(circle.id, user.id)) return { circleId: circle.id };
    belowCap(await this.queries.circleCountOf(user.id), this.limits.perUser, 'tooManyCircles');
    belowCap(await this.queries.memberCount(circle.id), this.limits.membersPerCircle, 'circleFull');
    await this.store.transaction(async (tx) => {
      await this.queries.addMember(circle.id, user.id, this.now(), tx);
      await this.queries.deleteInvitation(hashSecret(token), tx);
    });
    logEvent({ event: 'circle.joined', userId: user.id, circleId: circle.id });
    return { circleId: circle.id };
  }

  /** Which of my own live lists this circle sees (replacing the earlier choice). */
  async setLists({ circle, user }: CircleMembership, wishlistIds: string[]): Promise<void> {
    const ids = [...new Set(wishlistIds)];
    const owned = await this.queries.ownLiveLists(user.id, ids);
    if (owned.length !== ids.length) throw invalid('circleListsYourOwn');
    const now = this.now();
    await this.store.transaction((tx) => this.queries.replaceSharedLists(circle.id, user.id, ids, now, tx));
  }

  /** Leaves the circle (taking one's lists out of it); the creator hands it over first, unless alone. */
  async leave({ circle, user, isCreator }: CircleMembership): Promise<void> {
    const others = (await this.queries.memberCount(circle.id)) - 1;
    if (isCreator && others > 0) throw conflict('circleHandOverFirst');
    if (others === 0) {
      await this.queries.deleteCircle(circle.id);
      logEvent({ event: 'circle.deleted', userId: user.id, circleId: circle.id });
      return;
    }
    await this.store.transaction((tx) => this.queries.removeMember(circle.id, user.id, tx));
    logEvent({ event: 'circle.left', userId: user.id, circleId: circle.id });
  }

  async remove(membership: CircleMembership, userId: string): Promise<Circle> {
    const { circle, user } = membership;
    if (userId === user.id) throw invalid('circleRemoveSelf');
    if (!(await this.queries.isMember(circle.id, userId))) throw notFound('circleMemberNotFound');
    await this.store.transaction((tx) => this.queries.removeMember(circle.id, userId, tx));
    logEvent({ event: 'circle.member-removed', userId: user.id, circleId: circle.id, removedId: userId });
    return this.view(membership);
  }

  /** Makes another member the creator; the former creator stays a member. */
  async handOver(membership: CircleMembership, userId: string): Promise<Circle> {
    const { circle, user } = membership;
    if (userId === user.id || !(await this.queries.isMember(circle.id, userId))) throw notFound('circleMemberNotFound');
    await this.queries.setCreator(circle.id, userId, this.now());
    logEvent({ event: 'circle.handed-over', userId: user.id, circleId: circle.id, creatorId: userId });
    return this.view({ ...membership, circle: { ...circle, creatorId: userId }, isCreator: false });
  }

  private async byToken(token: string) {
    const circle = await this.queries.circleByToken(token, this.now());
    if (!circle) throw notFound('circleLinkInvalid');
    return circle;
  }

  private async inviteLink(token: string, requestOrigin: string): Promise<string> {
    return `${await this.mailLinks.origin(requestOrigin)}${circleJoinPath(token)}`;
  }
}
