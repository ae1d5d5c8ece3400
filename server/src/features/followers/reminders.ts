import { and, eq, isNotNull } from 'drizzle-orm';
import { daysBetween, nextOccurrence, utcDay } from '@wishwell/shared/event-dates';
import { REMINDER_DAYS_MAX } from '@wishwell/shared/follower-types';
import { dateOf, type Clock } from '../../clock';
import type { DataStore, Row } from '../../db/store';
import type { Scheduler } from '../../scheduler';
import { notify } from '../notifications/notify';
import { isShared } from '../wishlists/access';
import type { FollowerMail } from './mail';

const HOUR = 60 * 60_000;

/**
 * Reminders before a list's event (recurring lists: every year, the day rolled forward): each
 * confirmed follower gets one the number of days before that they chose, the owner a nudge on the
 * bell `ownerNudgeDays` before. Each goes once per occurrence: a reminders_sent row is claimed
 * (insert, nothing on conflict) before it goes out.
 */
export class ReminderJob {
  constructor(
    private readonly store: DataStore,
    private readonly mail: FollowerMail,
    private readonly clock: Clock,
    private readonly ownerNudgeDays: number,
  ) {}

  schedule(scheduler: Scheduler): void {
    scheduler.every('reminders', HOUR, () => this.run(), 90_000);
  }

  async run(): Promise<void> {
    const now = dateOf(this.clock);
    const today = utcDay(now);
    const { wishlists } = this.store.tables;
    const lists = await this.store.db
      .select()
      .from(wishlists)
      .where(and(isNotNull(wishlists.eventDate), eq(wishlists.isDeleted, false), eq(wishlists.isDisabled, false)));
    for (const list of lists) {
      const occurrence = nextOccurrence(list.eventDate!, list.isRecurring, today);
      if (!occurrence || !isShared(list, now.getTime())) continue;
      const daysLeft = daysBetween(today, occurrence);
      if (daysLeft > Math.max(REMINDER_DAYS_MAX, this.ownerNudgeDays)) continue;
      await this.remindFollowers(list, occurrence, daysLeft);
      if (list.ownerId && daysLeft <= this.ownerNudgeDays && (await this.claim(list.id, 'owner', occurrence))) {
        await notify(this.store, [list.ownerId], { kind: 'event-coming', wishlistId: list.id, listName: list.name, detail: occurrence });
      }
    }
  }

  private async remindFollowers(list: Row<'wishlists'>, occurrence: string, daysLeft: number): Promise<void> {
    const { listFollowers } = this.store.tables;
    const followers = await this.store.db
      .select()
      .from(listFollowers)
      .where(and(eq(listFollowers.wishlistId, list.id), isNotNull(listFollowers.confirmedAt), isNotNull(listFollowers.reminderDays)));
    for (const follower of followers) {
      if (follower.reminderDays! < daysLeft || !(await this.claim(list.id, `follower:${follower.id}`, occurrence))) continue;
      await this.mail.reminder(follower, list, occurrence, daysLeft);
    }
  }

  /** Takes the reminder of this occurrence for the recipient; false when it went already. */
  private async claim(wishlistId: string, recipient: string, occurrence: string): Promise<boolean> {
    const { remindersSent } = this.store.tables;
    const claimed = await this.store.db
      .insert(remindersSent)
      .values({ wishlistId, recipient, occurrence, createdAt: dateOf(this.clock) })
      .onConflictDoNothing()
      .returning({ occurrence: remindersSent.occurrence });
    return claimed.length > 0;
  }
}
