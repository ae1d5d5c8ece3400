import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DigestFrequency } from '@wishwell/shared/follower-types';
import { dateOf, type Clock } from '../../clock';
import type { DataStore } from '../../db/store';
import type { Scheduler } from '../../scheduler';
import { isShared } from '../wishlists/access';
import { digestLines } from './digest-lines';
import { pruneListChanges } from './list-changes';
import type { FollowerMail } from './mail';
import { DIGEST_PERIOD_MS } from './service';

const HOUR = 60 * 60_000;
/** Followers handled per turn: the rest are due still and come next turn. */
const FOLLOWERS_PER_TURN = 500;

/**
 * Followers' digests: every hour (one replica at a time) each confirmed follower whose digest is
 * due (by index on nextDigestAt) gets the list's changes since their last one, or nothing when
 * nothing changed. Each follower's turn moves on in the transaction that queues the mail: no
 * digest goes twice, and none is lost when the mail cannot be queued (the turn stays due).
 */
export class DigestJob {
  constructor(
    private readonly store: DataStore,
    private readonly mail: FollowerMail,
    private readonly clock: Clock,
  ) {}

  schedule(scheduler: Scheduler): void {
    scheduler.every('digests', HOUR, () => this.run(), 60_000);
  }

  async run(): Promise<void> {
    const now = dateOf(this.clock);
    const { listFollowers, wishlists } = this.store.tables;
    const due = await this.store.db
      .select({ follower: listFollowers, list: wishlists })
      .from(listFollowers)
      .innerJoin(wishlists, eq(wishlists.id, listFollowers.wishlistId))
      .where(lte(listFollowers.nextDigestAt, now))
      .orderBy(asc(listFollowers.nextDigestAt))
      .limit(FOLLOWERS_PER_TURN);
    const queue = await this.mail.queueIn();
    for (const { follower, list } of due) {
      const until = dateOf(this.clock);
      // A disabled, expired or deleted list sends nothing (its changes are skipped, not saved up).
      const lines = isShared(list, now.getTime()) ? digestLines(await this.changes(list.id, follower.digestFrom, until)) : [];
      const mail = lines.length > 0 ? await this.mail.digest(follower, list, lines) : null;
      await this.store.transaction(async (tx) => {
        const [taken] = await tx
          .update(listFollowers)
          .set({ digestFrom: until, nextDigestAt: new Date(now.getTime() + DIGEST_PERIOD_MS[follower.frequency as DigestFrequency]) })
          .where(and(eq(listFollowers.id, follower.id), eq(listFollowers.nextDigestAt, follower.nextDigestAt!)))
          .returning({ id: listFollowers.id });
        if (taken && mail) await queue(mail, tx);
      });
    }
    await pruneListChanges(this.store, dateOf(this.clock));
  }

  private changes(listId: string, from: Date | null, until: Date) {
    const { listChanges } = this.store.tables;
    return this.store.db
      .select()
      .from(listChanges)
      .where(and(eq(listChanges.wishlistId, listId), from ? gt(listChanges.createdAt, from) : undefined, lte(listChanges.createdAt, until)))
      .orderBy(asc(listChanges.createdAt), asc(listChanges.id));
  }
}
