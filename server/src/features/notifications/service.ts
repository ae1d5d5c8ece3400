import { NOTIFICATION_KINDS, type AppNotification, type NotificationKind, type NotificationMailPreferences, type NotificationPage } from '@wishwell/shared/follower-types';
import { ownerPath, sharePath } from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import type { DataStore } from '../../db/store';
import { notFound } from '../../domain/errors';
import type { Mailer, OutgoingMail } from '../../mail/mailer';
import type { Scheduler } from '../../scheduler';
import { dateOf, type Clock } from '../../clock';
import { formatEventDay } from '@wishwell/shared/event-dates';
import { isLanguage, SOURCE_LANGUAGE } from '@wishwell/shared/languages';
import { serverTexts } from '../../i18n/texts';
import { NotificationQueries, pendingMails, type NotificationRow } from './queries';

export const NOTIFICATIONS_PAGE_SIZE = 20;
const MINUTE = 60_000;
/** Mails sent per turn of the mail job: a burst of notifications spreads over minutes. */
const MAILS_PER_TURN = 200;

/** The bell: an account's notifications, read state, and which kinds also come by mail. */
export class NotificationService {
  private readonly queries: NotificationQueries;

  constructor(
    private readonly store: DataStore,
    private readonly mailer: Mailer,
    /** Where mailed links point (PUBLIC_URL, else this machine): no request caused the mail. */
    private readonly origin: () => Promise<string>,
    private readonly clock: Clock,
  ) {
    this.queries = new NotificationQueries(store);
  }

  async page(user: SessionUser, page: number): Promise<NotificationPage> {
    const [rows, total, unread] = await Promise.all([
      this.queries.pageOf(user.id, NOTIFICATIONS_PAGE_SIZE, (page - 1) * NOTIFICATIONS_PAGE_SIZE),
      this.queries.countOf(user.id),
      this.queries.unreadOf(user.id),
    ]);
    return { notifications: rows.map(toNotification), unread, page, pages: Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE)) };
  }

  /** The bell's count on every page: one count over the caller's unread entries in notifications_unread_idx. */
  async unread(user: SessionUser): Promise<{ unread: number }> {
    return { unread: await this.queries.unreadOf(user.id) };
  }

  /** Marks one of the caller's notifications read; another account's is a 404, as if it did not exist. */
  async markRead(user: SessionUser, id: string): Promise<AppNotification> {
    const row = await this.queries.ofUser(user.id, id);
    if (!row) throw notFound('notificationNotFound');
    if (row.readAt) return toNotification(row);
    return toNotification((await this.queries.markRead(id, dateOf(this.clock)))!);
  }

  async markAllRead(user: SessionUser): Promise<{ unread: number }> {
    await this.queries.markAllRead(user.id, dateOf(this.clock));
    return { unread: 0 };
  }

  async mailPreferences(user: SessionUser): Promise<NotificationMailPreferences> {
    const chosen = new Set(await this.queries.mailKindsOf(user.id));
    return { mail: NOTIFICATION_KINDS.filter((kind) => chosen.has(kind)) };
  }

  async setMailPreferences(user: SessionUser, mail: NotificationKind[]): Promise<NotificationMailPreferences> {
    await this.queries.setMailKinds(user.id, [...new Set(mail)]);
    return this.mailPreferences(user);
  }

  schedule(scheduler: Scheduler): void {
    scheduler.every('notifications.mail', MINUTE, () => this.mailPending(), 5_000);
  }

  /** Mails the notifications whose kind their account wants by mail, each once. */
  async mailPending(): Promise<void> {
    const due = await pendingMails(this.store, MAILS_PER_TURN);
    const queue = await this.mailer.queueIn();
    const origin = await this.origin();
    for (const { notification, email, name, language } of due) {
      const mail = email ? notificationMail(notification, { email, name, language }, origin) : null;
      // Taken (mailPending cleared) and queued in one transaction: it goes once, and is not lost.
      await this.store.transaction(async (tx) => {
        const taken = await this.queries.takePendingMail(notification.id, tx);
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
