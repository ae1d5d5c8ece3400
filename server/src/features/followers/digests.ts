import type { DigestFrequency } from '@wishwell/shared/follower-types';
import { dateOf, type Clock } from '../../clock';
import type { DataStore } from '../../db/store';
import type { Scheduler } from '../../scheduler';
import { isShared } from '../wishlists/access';
import { digestLines } from './digest-lines';
import { pruneListChanges } from './list-changes';
import type { FollowerMail } from './mail';
import { FollowerQueries } from './queries';
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
  private readonly queries: FollowerQueries;

  constructor(
    private readonly store: DataStore,
    private readonly mail: FollowerMail,
    private readonly clock: Clock,
  ) {
    this.queries = new FollowerQueries(store);
  }

  schedule(scheduler: Scheduler): void {
    scheduler.every('digests', HOUR, () => this.run(), 60_000);
  }

  async run(): Promise<void> {
    const now = dateOf(this.clock);
    const due = await this.queries.dueDigests(now, FOLLOWERS_PER_TURN);
    const queue = await this.mail.queueIn();
    for (const { follower, list } of due) {
      const until = dateOf(this.clock);
      // A disabled, expired or deleted list sends nothing (its changes are skipped, not saved up).
      const lines = isShared(list, now.getTime()) ? digestLines(await this.queries.changes(list.id, follower.digestFrom, until)) : [];
      const mail = lines.length > 0 ? await this.mail.digest(follower, list, lines) : null;
      await this.store.transaction(async (tx) => {
        const turn = { digestFrom: until, nextDigestAt: new Date(now.getTime() + DIGEST_PERIOD_MS[follower.frequency as DigestFrequency]) };
        const taken = await this.queries.takeDigestTurn(follower, turn, tx);
        if (taken && mail) await queue(mail, tx);
      });
    }
    await pruneListChanges(this.queries, dateOf(this.clock));
  }
}
