import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DataStore, Db, Row, Tables } from '../../db/store';

export type NotificationRow = Row<'notifications'>;

/** The count of an account's unread entries, from notifications_unread_idx alone. */
export function unreadCount(store: DataStore, userId: string) {
  const { notifications } = store.tables;
  return store.db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}

/** The notifications waiting to be mailed, oldest first, at most `limit`, with their accounts: from notifications_mail_idx, in its order. */
export function pendingMails(store: DataStore, limit: number) {
  const { notifications, users } = store.tables;
  return store.db
    .select({ notification: notifications, email: users.email, name: users.name, language: users.language })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.mailPending, true))
    .orderBy(asc(notifications.createdAt))
    .limit(limit);
}

/**
 * Every read and write of the bell's entries and of the kinds each account wants by mail; what
 * is put on the bell, and what a mail says, are the services'. A write that belongs to a
 * caller's transaction takes its `db` (the transaction's `tx`).
 */
export class NotificationQueries {
  constructor(private readonly store: DataStore) {}

  private get notifications() {
    return this.store.tables.notifications;
  }

  /** The account's entries, newest first, `limit` from `offset`. */
  pageOf(userId: string, limit: number, offset: number): Promise<NotificationRow[]> {
    const { notifications } = this;
    return this.store.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset);
  }

  async countOf(userId: string): Promise<number> {
    const { notifications } = this;
    return (await this.store.db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)))[0]?.n ?? 0;
  }

  async unreadOf(userId: string): Promise<number> {
    return (await unreadCount(this.store, userId))[0]?.n ?? 0;
  }

  async ofUser(userId: string, id: string): Promise<NotificationRow | undefined> {
    const { notifications } = this;
    return (await this.store.db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, userId))))[0];
  }

  async markRead(id: string, at: Date): Promise<NotificationRow | undefined> {
    const { notifications } = this;
    return (await this.store.db.update(notifications).set({ readAt: at }).where(eq(notifications.id, id)).returning())[0];
  }

  async markAllRead(userId: string, at: Date): Promise<void> {
    const { notifications } = this;
    await this.store.db.update(notifications).set({ readAt: at }).where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  }

  async insert(rows: Tables['notifications']['$inferInsert'][], db: Db = this.store.db): Promise<void> {
    await db.insert(this.notifications).values(rows);
  }

  /** Clears the entry's pending mail; false when it was not pending (another turn took it). */
  async takePendingMail(id: string, db: Db): Promise<boolean> {
    const { notifications } = this;
    const taken = await db
      .update(notifications)
      .set({ mailPending: false })
      .where(and(eq(notifications.id, id), eq(notifications.mailPending, true)))
      .returning({ id: notifications.id });
    return taken.length > 0;
  }

  async mailKindsOf(userId: string): Promise<string[]> {
    const { notificationMailKinds: kinds } = this.store.tables;
    return (await this.store.db.select({ kind: kinds.kind }).from(kinds).where(eq(kinds.userId, userId))).map((row) => row.kind);
  }

  /** Replaces the kinds the account wants by mail, in one transaction. */
  setMailKinds(userId: string, chosen: string[]): Promise<void> {
    const { notificationMailKinds: kinds } = this.store.tables;
    return this.store.transaction(async (tx) => {
      await tx.delete(kinds).where(eq(kinds.userId, userId));
      if (chosen.length > 0) await tx.insert(kinds).values(chosen.map((kind) => ({ userId, kind })));
    });
  }

  /** Of `userIds`, those who want entries of `kind` by mail. */
  async wantingMail(kind: string, userIds: string[], db: Db = this.store.db): Promise<Set<string>> {
    const { notificationMailKinds: kinds } = this.store.tables;
    const rows = await db.select({ userId: kinds.userId }).from(kinds).where(and(eq(kinds.kind, kind), inArray(kinds.userId, userIds)));
    return new Set(rows.map((row) => row.userId));
  }
}
