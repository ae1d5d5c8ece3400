import { and, asc, count, desc, eq, isNull } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type AppNotification, type NotificationKind, type NotificationMailPreferences, type NotificationPage } from '@wishwell/shared/follower-types';
import { ownerPath, sharePath } from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import type { DataStore, Row } from '../../db/store';
import { notFound } from '../../domain/errors';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import type { Scheduler } from '../../scheduler';
import { dateOf, type Clock } from '../../clock';
import { formatEventDay } from '@wishwell/shared/event-dates';
import { isLanguage, SOURCE_LANGUAGE } from '@wishwell/shared/languages';
import { serverTexts } from '../../i18n/texts';

export const NOTIFICATIONS_PAGE_SIZE = 20;
const MINUTE = 60_000;
/** Mails sent per turn of the mail job: a burst of notifications spreads over minutes. */
const MAILS_PER_TURN = 200;

type NotificationRow = Row<'notifications'>;

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

/** The bell: an account's notifications, read state, and which kinds also come by mail. */
export class NotificationService {
  constructor(
    private readonly store: DataStore,
    private readonly mailer: Mailer,
    /** Where mailed links point (PUBLIC_URL, else this machine): no request caused the mail. */
    private readonly origin: () => Promise<string>,
    private readonly clock: Clock,
  ) {}

  async page(user: SessionUser, page: number): Promise<NotificationPage> {
    const { notifications } = this.store.tables;
    const mine = eq(notifications.userId, user.id);
    const [rows, [total], unread] = await Promise.all([
      this.store.db
        .select()
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATIONS_PAGE_SIZE)
        .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE),
      this.store.db.select({ n: count() }).from(notifications).where(mine),
      this.unreadCount(user.id),
    ]);
    return { notifications: rows.map(toNotification), unread, page, pages: Math.max(1, Math.ceil((total?.n ?? 0) / NOTIFICATIONS_PAGE_SIZE)) };
  }

  /** The bell's count on every page: one count over the caller's unread entries in notifications_unread_idx. */
  async unread(user: SessionUser): Promise<{ unread: number }> {
    return { unread: await this.unreadCount(user.id) };
  }

  /** Marks one of the caller's notifications read; another account's is a 404, as if it did not exist. */
  async markRead(user: SessionUser, id: string): Promise<AppNotification> {
    const { notifications } = this.store.tables;
    const [row] = await this.store.db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.userId, user.id)));
    if (!row) throw notFound('notificationNotFound');
    if (row.readAt) return toNotification(row);
    const [updated] = await this.store.db.update(notifications).set({ readAt: dateOf(this.clock) }).where(eq(notifications.id, id)).returning();
    return toNotification(updated!);
  }

  private async unreadCount(userId: string): Promise<number> {
    const [row] = await unreadCount(this.store, userId);
    return row?.n ?? 0;
  }

  async markAllRead(user: SessionUser): Promise<{ unread: number }> {
    const { notifications } = this.store.tables;
    await this.store.db
      .update(notifications)
      .set({ readAt: dateOf(this.clock) })
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
    return { unread: 0 };
  }

  async mailPreferences(user: SessionUser): Promise<NotificationMailPreferences> {
    const { notificationMailKinds: kinds } = this.store.tables;
    const rows = await this.store.db.select({ kind: kinds.kind }).from(kinds).where(eq(kinds.userId, user.id));
    const chosen = new Set(rows.map((row) => row.kind));
    return { mail: NOTIFICATION_KINDS.filter((kind) => chosen.has(kind)) };
  }

  async setMailPreferences(user: SessionUser, mail: NotificationKind[]): Promise<NotificationMailPreferences> {
    const { notificationMailKinds: kinds } = this.store.tables;
    const chosen = [...new Set(mail)];
    await this.store.transaction(async (tx) => {
      await tx.delete(kinds).where(eq(kinds.userId, user.id));
      if (chosen.length > 0) await tx.insert(kinds).values(chosen.map((kind) => ({ userId: user.id, kind })));
    });
    return this.mailPreferences(user);
  }

  schedule(scheduler: Scheduler): void {
    scheduler.every('notifications.mail', MINUTE, () => this.mailPending(), 5_000);
  }

  /** Mails the notifications whose kind their account wants by mail, each once. */
  async mailPending(): Promise<void> {
    const { notifications } = this.store.tables;
    const due = await pendingMails(this.store, MAILS_PER_TURN);
    const queue = await this.mailer.queueIn();
    const origin = await this.origin();
    for (const { notification, email, name, language } of due) {
      const mail = email ? notificationMail(notification, { email, name, language }, origin) : null;
      // Taken (mailPending cleared) and queued in one transaction: it goes once, and is not lost.
      await this.store.transaction(async (tx) => {
        const [taken] = await tx
          .update(notifications)
          .set({ mailPending: false })
          .where(and(eq(notifications.id, notification.id), eq(notifications.mailPending, true)))
          .returning({ id: notifications.id });
        if (taken && mail) await queue(mail, tx);
      });
    }
  }
}

function notificationMail(notification: NotificationRow, account: { email: string; name: string; language: string | null }, origin: string): OutgoingMail {
  const language = isLanguage(account.language) ? account.language : SOURCE_LANGUAGE;
  const t = serverTexts(language);
  const names = { list: notification.listName, detail: notification.kind === 'event-coming' ? formatEventDay(notification.detail, language) : notification.detail };
  const path = notification.wishlistId ? (notification.kind === 'event-coming' ? ownerPath(notification.wishlistId) : sharePath(notification.wishlistId)) : '/notifications';
  return {
    to: account.email,
    subject: t(`mail.notification.${notification.kind}`, names),
    text: [t('mail.hello', { name: account.name }), '', t(`mail.notification.${notification.kind}`, names), '', `${origin}${path}`, '', t('mail.notification.preferences', { link: `${origin}/account` })].join('\n'),
  };
}

function toNotification(row: NotificationRow): AppNotification {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    wishlistId: row.wishlistId,
    listName: row.listName,
    detail: row.detail,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
