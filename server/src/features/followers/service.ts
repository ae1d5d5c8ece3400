import { looksLikeEmail, normalizeEmail } from '@wishwell/shared/account-types';
import { REMINDER_DAYS_MAX, type AccountFollow, type DigestFrequency, type FollowerCount, type FollowerPreferences, type FollowerSettings } from '@wishwell/shared/follower-types';
import type { SessionUser } from '../../auth/session-user';
import { dateOf, type Clock } from '../../clock';
import type { DataStore, Row } from '../../db/store';
import { invalid, notFound } from '../../domain/errors';
import { newId, newSecret } from '../../ids';
import { RateLimiter } from '../../limits/rate-limit';
import { logEvent } from '../../log';
import type { MailRequest } from '../../mail/mailer';
import { isShared, type ListAccess } from '../wishlists/access';
import type { FollowerMail } from './mail';
import { FollowerQueries, type FollowerRow, type FollowingAccount } from './queries';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
export const DIGEST_PERIOD_MS: Record<DigestFrequency, number> = { daily: DAY, weekly: 7 * DAY };
const DEFAULT_REMINDER_DAYS = 7;

/** FOLLOW_* settings: follow requests per client IP and per list per hour, confirmation mails per address per day. */
export interface FollowLimits {
  perIp: number;
  perList: number;
  mailsPerAddress: number;
}

/**
 * Following a list: by e-mail with a confirmation link (double opt-in), or in one click through
 * an account. The answer to a follow request is the same whatever the address's state, so it
 * tells nobody who follows; the owner learns how many do, never who.
 */
export class FollowerService {
  private readonly perIp: RateLimiter;
  private readonly perList: RateLimiter;
  private readonly perAddress: RateLimiter;
  private readonly queries: FollowerQueries;

  constructor(
    private readonly store: DataStore,
    private readonly mail: FollowerMail,
    private readonly clock: Clock,
    limits: FollowLimits,
  ) {
    this.queries = new FollowerQueries(store);
    this.perIp = new RateLimiter({ limit: limits.perIp, windowMs: HOUR, text: 'tooManyFollows', scope: 'follows per IP' });
    this.perList = new RateLimiter({ limit: limits.perList, windowMs: HOUR, text: 'tooManyFollows', scope: 'follows per list' });
    this.perAddress = new RateLimiter({ limit: limits.mailsPerAddress, windowMs: DAY, text: 'tooManyFollows', scope: 'follow mails per address' });
  }

  /** Records the address as a follower waiting for confirmation (or finds it) and mails the link, within the address's daily mails. */
  async follow(listId: string, emailInput: string, request: MailRequest & { ip: string }): Promise<{ message: string }> {
    const email = normalizeEmail(emailInput);
    if (!looksLikeEmail(email)) throw invalid('validEmailAddress');
    const list = await this.liveList(listId);
    this.perIp.check(request.ip);
    this.perList.check(listId);
    await this.perIp.hit(request.ip);
    await this.perList.hit(listId);
    const known = await this.queries.byAddress(listId, email);
    const follower = { email, manageToken: known?.manageToken ?? newSecret() };
    // Composed before the transaction (it reads the account's language), queued in it: the follower and its mail, both or neither.
    const mail = (await this.perAddress.take(email)) ? await this.mail.confirmation(follower, list.name, request.origin, request.language) : null;
    const queue = await this.mail.queueIn();
    await this.store.transaction(async (tx) => {
      const made = await this.queries.insert({ id: newId(), wishlistId: listId, email, manageToken: follower.manageToken, reminderDays: DEFAULT_REMINDER_DAYS, createdAt: dateOf(this.clock) }, tx);
      // Another request made the follower meanwhile, with a token of its own: its mail carries that one.
      if (mail && (known || made)) await queue(mail, tx);
    });
    logEvent({ event: 'list.follow-requested', wishlistId: listId });
    return { message: 'Check your inbox to confirm.' };
  }

  async settings(token: string): Promise<FollowerSettings> {
    const follower = await this.byToken(token);
    const list = await this.liveList(follower.wishlistId);
    return {
      wishlistId: list.id,
      wishlistName: list.name,
      email: follower.email,
      confirmed: follower.confirmedAt !== null,
      frequency: follower.frequency as DigestFrequency,
      reminderDays: follower.reminderDays,
    };
  }

  /** Opens the link of the confirmation mail: digests start from now (nothing before is reported). */
  async confirm(token: string, preferences: FollowerPreferences): Promise<FollowerSettings> {
    const follower = await this.byToken(token);
    if (follower.confirmedAt === null) {
      const frequency = preferences.frequency ?? (follower.frequency as DigestFrequency);
      await this.update(follower, { ...preferenceColumns(preferences), ...this.confirmedColumns(frequency) });
    }
    else await this.update(follower, preferenceColumns(preferences));
    return this.settings(token);
  }

  async change(token: string, preferences: FollowerPreferences): Promise<FollowerSettings> {
    const follower = await this.byToken(token);
    await this.update(follower, preferenceColumns(preferences, follower));
    return this.settings(token);
  }

  /** One-click unsubscribe (RFC 8058) and the manage page's button: the follower is forgotten. */
  async unsubscribe(token: string): Promise<{ unsubscribed: true }> {
    const wishlistId = await this.queries.deleteByToken(token);
    if (wishlistId) logEvent({ event: 'list.unfollowed', wishlistId });
    return { unsubscribed: true };
  }

  async accountFollow(listId: string, user: SessionUser): Promise<AccountFollow> {
    await this.liveList(listId);
    const follower = await this.ofAccount(listId, user);
    if (!follower?.confirmedAt) return { following: false, frequency: 'weekly', reminderDays: DEFAULT_REMINDER_DAYS };
    return { following: true, frequency: follower.frequency as DigestFrequency, reminderDays: follower.reminderDays };
  }

  /** Follows in one click: a signed-in account's address needs no confirming. */
  async followAsAccount(listId: string, user: SessionUser, preferences: FollowerPreferences): Promise<AccountFollow> {
    await this.liveList(listId);
    const existing = await this.ofAccount(listId, user);
    const frequency = preferences.frequency ?? (existing?.frequency as DigestFrequency | undefined) ?? 'weekly';
    const columns = { userId: user.id, ...preferenceColumns(preferences, existing), ...(existing?.confirmedAt ? {} : this.confirmedColumns(frequency)) };
    if (existing) await this.update(existing, columns);
    else {
      await this.queries.insert({ id: newId(), wishlistId: listId, email: normalizeEmail(user.email), manageToken: newSecret(), reminderDays: DEFAULT_REMINDER_DAYS, createdAt: dateOf(this.clock), ...columns });
      await this.queries.remindersDueNow(listId);
    }
    return this.accountFollow(listId, user);
  }

  async unfollowAsAccount(listId: string, user: SessionUser): Promise<AccountFollow> {
    await this.queries.deleteOfAccount(listId, following(user));
    return { following: false, frequency: 'weekly', reminderDays: DEFAULT_REMINDER_DAYS };
  }

  /** How many confirmed followers the list has: the owner's to see, never their addresses. */
  async countFor({ list }: ListAccess): Promise<FollowerCount> {
    return { count: await this.queries.confirmedCount(list.id) };
  }

  private confirmedColumns(frequency: DigestFrequency) {
    const now = dateOf(this.clock);
    return { confirmedAt: now, digestFrom: now, nextDigestAt: new Date(now.getTime() + DIGEST_PERIOD_MS[frequency]) };
  }

  private async update(follower: FollowerRow, columns: Partial<FollowerRow>): Promise<void> {
    // A new frequency takes effect from the last digest (or the confirmation).
    const frequency = columns.frequency as DigestFrequency | undefined;
    const rescheduled = frequency && follower.confirmedAt && !columns.nextDigestAt ? { nextDigestAt: new Date((follower.digestFrom ?? follower.confirmedAt).getTime() + DIGEST_PERIOD_MS[frequency]) } : {};
    await this.queries.update(follower.id, { ...columns, ...rescheduled });
    if (columns.confirmedAt || columns.reminderDays !== undefined) await this.queries.remindersDueNow(follower.wishlistId);
  }

  private ofAccount(listId: string, user: SessionUser): Promise<FollowerRow | undefined> {
    return this.queries.ofAccount(listId, following(user));
  }

  private async byToken(token: string): Promise<FollowerRow> {
    const follower = await this.queries.byToken(token);
    if (!follower) throw notFound('followerNotFound');
    return follower;
  }

  /** The list, if guests can see it now (not deleted, disabled or expired). */
  private async liveList(listId: string): Promise<Row<'wishlists'>> {
    const list = await this.queries.list(listId);
    if (!list || !isShared(list, this.clock.now())) throw notFound('listNotFound');
    return list;
  }
}

/** A signed-in caller's follows: through the account, or by its address before. */
function following(user: SessionUser): FollowingAccount {
  return { userId: user.id, email: normalizeEmail(user.email) };
}

/** The columns a follower's choices set; a reminder of 0 days is none. */
function preferenceColumns(preferences: FollowerPreferences, current?: FollowerRow): Partial<FollowerRow> {
  const columns: Partial<FollowerRow> = {};
  if (preferences.frequency && preferences.frequency !== current?.frequency) columns.frequency = preferences.frequency;
  if (preferences.reminderDays !== undefined) {
    const days = preferences.reminderDays;
    if (days !== null && (!Number.isInteger(days) || days < 0 || days > REMINDER_DAYS_MAX)) throw invalid('reminderDays', { max: REMINDER_DAYS_MAX });
    columns.reminderDays = days === 0 ? null : days;
  }
  return columns;
}
