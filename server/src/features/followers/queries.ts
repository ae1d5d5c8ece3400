import { and, asc, count, eq, gt, isNotNull, lt, lte, or } from 'drizzle-orm';
import type { DataStore, Db, Row, Tables } from '../../db/store';
import { REMINDERS_DUE_NOW } from '../wishlists/input';

export type FollowerRow = Row<'listFollowers'>;
type ListRow = Row<'wishlists'>;
/** Whose follow it is: the account, or its address from before it followed as itself. */
export interface FollowingAccount {
  userId: string;
  email: string;
}

/** Lists one reminders run looks at, at most (the rest on the next run: each looked-at list moves on a day). */
const DUE_LISTS_PER_RUN = 1000;

/** The lists whose reminder window has begun (`reminders_from`, index wishlists_reminders_idx), earliest first. */
export function dueLists(store: DataStore, now: Date, limit = DUE_LISTS_PER_RUN) {
  const { wishlists } = store.tables;
  return store.db.select().from(wishlists).where(lte(wishlists.remindersFrom, now)).orderBy(asc(wishlists.remindersFrom)).limit(limit);
}

/**
 * Every read and write of followers, the list changes their digests report and the reminders
 * sent; the rules (confirmation, schedules, what a digest or reminder says) are the services'.
 * A write that belongs to a service's transaction takes its `db` (the transaction's `tx`).
 */
export class FollowerQueries {
  constructor(private readonly store: DataStore) {}

  private get tables(): Tables {
    return this.store.tables;
  }

  async list(listId: string): Promise<ListRow | undefined> {
    const { wishlists } = this.tables;
    return (await this.store.db.select().from(wishlists).where(eq(wishlists.id, listId)))[0];
  }

  async byToken(manageToken: string): Promise<FollowerRow | undefined> {
    const { listFollowers } = this.tables;
    return (await this.store.db.select().from(listFollowers).where(eq(listFollowers.manageToken, manageToken)))[0];
  }

  async byAddress(listId: string, email: string): Promise<FollowerRow | undefined> {
    const { listFollowers } = this.tables;
    return (await this.store.db.select().from(listFollowers).where(and(eq(listFollowers.wishlistId, listId), eq(listFollowers.email, email))))[0];
  }

  async ofAccount(listId: string, account: FollowingAccount): Promise<FollowerRow | undefined> {
    const { listFollowers } = this.tables;
    return (await this.store.db.select().from(listFollowers).where(and(eq(listFollowers.wishlistId, listId), this.accountIs(account))))[0];
  }

  /** Adds the follower unless the list has one of that address already; whether it was added. */
  async insert(row: Tables['listFollowers']['$inferInsert'], db: Db = this.store.db): Promise<boolean> {
    const { listFollowers } = this.tables;
    return (await db.insert(listFollowers).values(row).onConflictDoNothing().returning({ id: listFollowers.id })).length > 0;
  }

  async update(id: string, columns: Partial<FollowerRow>): Promise<void> {
    const { listFollowers } = this.tables;
    await this.store.db.update(listFollowers).set(columns).where(eq(listFollowers.id, id));
  }

  /** The list the removed follower followed, if the token was one. */
  async deleteByToken(manageToken: string): Promise<string | undefined> {
    const { listFollowers } = this.tables;
    return (await this.store.db.delete(listFollowers).where(eq(listFollowers.manageToken, manageToken)).returning({ wishlistId: listFollowers.wishlistId }))[0]?.wishlistId;
  }

  async deleteOfAccount(listId: string, account: FollowingAccount): Promise<void> {
    const { listFollowers } = this.tables;
    await this.store.db.delete(listFollowers).where(and(eq(listFollowers.wishlistId, listId), this.accountIs(account)));
  }

  async confirmedCount(listId: string): Promise<number> {
    const { listFollowers } = this.tables;
    return (await this.store.db.select({ n: count() }).from(listFollowers).where(and(eq(listFollowers.wishlistId, listId), isNotNull(listFollowers.confirmedAt))))[0]?.n ?? 0;
  }

  /** The confirmed followers of the list who follow through their account, and the list's name. */
  accountFollowers(listId: string): Promise<{ userId: string | null; listName: string }[]> {
    const { listFollowers, wishlists } = this.tables;
    return this.store.db
      .select({ userId: listFollowers.userId, listName: wishlists.name })
      .from(listFollowers)
      .innerJoin(wishlists, eq(wishlists.id, listFollowers.wishlistId))
      .where(and(eq(listFollowers.wishlistId, listId), isNotNull(listFollowers.userId), isNotNull(listFollowers.confirmedAt)));
  }

  /** The confirmed followers of the list who chose a reminder. */
  remindedFollowers(listId: string): Promise<FollowerRow[]> {
    const { listFollowers } = this.tables;
    return this.store.db
      .select()
      .from(listFollowers)
      .where(and(eq(listFollowers.wishlistId, listId), isNotNull(listFollowers.confirmedAt), isNotNull(listFollowers.reminderDays)));
  }

  /** The followers whose digest is due at `now`, with their lists, earliest first (index on nextDigestAt). */
  dueDigests(now: Date, limit: number): Promise<{ follower: FollowerRow; list: ListRow }[]> {
    const { listFollowers, wishlists } = this.tables;
    return this.store.db
      .select({ follower: listFollowers, list: wishlists })
      .from(listFollowers)
      .innerJoin(wishlists, eq(wishlists.id, listFollowers.wishlistId))
      .where(lte(listFollowers.nextDigestAt, now))
      .orderBy(asc(listFollowers.nextDigestAt))
      .limit(limit);
  }

  /** Moves the follower's digest on, only if no one else did since `follower` was read; whether this call did. */
  async takeDigestTurn(follower: FollowerRow, turn: Pick<FollowerRow, 'digestFrom' | 'nextDigestAt'>, db: Db): Promise<boolean> {
    const { listFollowers } = this.tables;
    const taken = await db
      .update(listFollowers)
      .set(turn)
      .where(and(eq(listFollowers.id, follower.id), eq(listFollowers.nextDigestAt, follower.nextDigestAt!)))
      .returning({ id: listFollowers.id });
    return taken.length > 0;
  }

  async itemTitle(itemId: string): Promise<string | undefined> {
    const { items } = this.tables;
    return (await this.store.db.select({ title: items.title }).from(items).where(eq(items.id, itemId)))[0]?.title;
  }

  async insertChange(row: Row<'listChanges'>): Promise<void> {
    await this.store.db.insert(this.tables.listChanges).values(row);
  }

  /** The list's changes after `from` (all when null) up to `until`, oldest first. */
  changes(listId: string, from: Date | null, until: Date): Promise<Row<'listChanges'>[]> {
    const { listChanges } = this.tables;
    return this.store.db
      .select()
      .from(listChanges)
      .where(and(eq(listChanges.wishlistId, listId), from ? gt(listChanges.createdAt, from) : undefined, lte(listChanges.createdAt, until)))
      .orderBy(asc(listChanges.createdAt), asc(listChanges.id));
  }

  async deleteChangesBefore(before: Date): Promise<void> {
    const { listChanges } = this.tables;
    await this.store.db.delete(listChanges).where(lt(listChanges.createdAt, before));
  }

  /** When the reminders job next looks at the list (null: not until its event date changes). */
  async setRemindersFrom(listId: string, at: Date | null): Promise<void> {
    const { wishlists } = this.tables;
    await this.store.db.update(wishlists).set({ remindersFrom: at }).where(eq(wishlists.id, listId));
  }

  /**
   * Puts the list before the next reminders run (hourly), as a new event date does: a follower who
   * confirmed or chose another reminder inside the window would otherwise wait for the list's next
   * daily look, a day late.
   */
  async remindersDueNow(listId: string): Promise<void> {
    const { wishlists } = this.tables;
    await this.store.db.update(wishlists).set({ remindersFrom: REMINDERS_DUE_NOW }).where(and(eq(wishlists.id, listId), isNotNull(wishlists.eventDate)));
  }

  /** Records the reminder as sent; false when it was already (insert, nothing on conflict). */
  async claimReminder(row: Row<'remindersSent'>, db: Db): Promise<boolean> {
    const { remindersSent } = this.tables;
    return (await db.insert(remindersSent).values(row).onConflictDoNothing().returning({ occurrence: remindersSent.occurrence })).length > 0;
  }

  private accountIs({ userId, email }: FollowingAccount) {
    const { listFollowers } = this.tables;
    return or(eq(listFollowers.userId, userId), eq(listFollowers.email, email))!;
  }
}
