import { daysBetween, nextOccurrence, utcDay } from '@wishwell/shared/event-dates';
import { REMINDER_DAYS_MAX } from '@wishwell/shared/follower-types';
import { dateOf, type Clock } from '../../clock';
import type { DataStore, Db, Row } from '../../db/store';
import type { Scheduler } from '../../scheduler';
import { notify } from '../notifications/notify';
import { isShared } from '../wishlists/access';
import type { FollowerMail } from './mail';
import { dueLists, FollowerQueries } from './queries';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * Reminders before a list's event (recurring lists: every year, the day rolled forward): each
 * confirmed follower gets one the number of days before that they chose, the owner a nudge on the
 * bell `ownerNudgeDays` before. A run reads only the lists whose window has begun
 * (`reminders_from`): the window starts the longest reminder before the event; in it a list is
 * looked at once a day, and after the event its window moves to the next occurrence (or is
 * cleared). Each reminder goes once per occurrence: a reminders_sent row is claimed (insert,
 * nothing on conflict) in the transaction that queues its mail.
 */
export class ReminderJob {
  private readonly windowDays: number;
  private readonly queries: FollowerQueries;

  constructor(
    private readonly store: DataStore,
    private readonly mail: FollowerMail,
    private readonly clock: Clock,
    private readonly ownerNudgeDays: number,
  ) {
    this.windowDays = Math.max(REMINDER_DAYS_MAX, ownerNudgeDays);
    this.queries = new FollowerQueries(store);
  }

  schedule(scheduler: Scheduler): void {
    scheduler.every('reminders', HOUR, () => this.run(), 90_000);
  }

  async run(): Promise<void> {
    const now = dateOf(this.clock);
    const today = utcDay(now);
    const tomorrow = new Date(startOf(today).getTime() + DAY);
    for (const list of await dueLists(this.store, now)) {
      const occurrence = list.eventDate && !list.isDeleted ? nextOccurrence(list.eventDate, list.isRecurring, today) : null;
      if (!occurrence) {
        await this.lookAgain(list.id, null);
        continue;
      }
      const daysLeft = daysBetween(today, occurrence);
      if (daysLeft > this.windowDays) {
        await this.lookAgain(list.id, new Date(startOf(occurrence).getTime() - this.windowDays * DAY));
        continue;
      }
      if (isShared(list, now.getTime())) await this.remind(list, occurrence, daysLeft);
      await this.lookAgain(list.id, tomorrow);
    }
  }

  private async remind(list: Row<'wishlists'>, occurrence: string, daysLeft: number): Promise<void> {
    await this.remindFollowers(list, occurrence, daysLeft);
    if (list.ownerId && daysLeft <= this.ownerNudgeDays) {
      const ownerId = list.ownerId;
      await this.store.transaction(async (tx) => {
        if (await this.claim(tx, list.id, 'owner', occurrence)) await notify(this.store, [ownerId], { kind: 'event-coming', wishlistId: list.id, listName: list.name, detail: occurrence }, dateOf(this.clock), tx);
      });
    }
  }

  private async remindFollowers(list: Row<'wishlists'>, occurrence: string, daysLeft: number): Promise<void> {
    const followers = await this.queries.remindedFollowers(list.id);
    const queue = await this.mail.queueIn();
    for (const follower of followers) {
      if (follower.reminderDays! < daysLeft) continue;
      const mail = await this.mail.reminder(follower, list, occurrence);
      await this.store.transaction(async (tx) => {
        if (await this.claim(tx, list.id, `follower:${follower.id}`, occurrence)) await queue(mail, tx);
      });
    }
  }

  private lookAgain(listId: string, at: Date | null): Promise<void> {
    return this.queries.setRemindersFrom(listId, at);
  }

  /** Takes the reminder of this occurrence for the recipient; false when it went already. */
  private claim(tx: Db, wishlistId: string, recipient: string, occurrence: string): Promise<boolean> {
    return this.queries.claimReminder({ wishlistId, recipient, occurrence, createdAt: dateOf(this.clock) }, tx);
  }
}
