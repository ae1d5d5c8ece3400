import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { DataStore } from '../../db/store';
import type { MailLinks } from '../../mail/link-origin';
import type { Mailer } from '../../mail/mailer';
import type { Scheduler } from '../../scheduler';
import { DigestJob } from './digests';
import { FollowerMail } from './mail';
import { ReminderJob } from './reminders';
import { FollowerService } from './service';

export { recordListChange, type ListChange } from './list-changes';

/** Followers: the service the routes use, and the digest and reminder jobs. */
export function createFollowerServices(store: DataStore, mailer: Mailer, mailLinks: MailLinks, clock: Clock, config: Pick<Config, 'follows' | 'ownerNudgeDays'>) {
  const mail = new FollowerMail(mailer, mailLinks);
  const digests = new DigestJob(store, mail, clock);
  const reminders = new ReminderJob(store, mail, clock, config.ownerNudgeDays);
  return {
    service: new FollowerService(store, mail, clock, config.follows),
    schedule(scheduler: Scheduler): void {
      digests.schedule(scheduler);
      reminders.schedule(scheduler);
    },
  };
}
