/** Followers of a list, their digests and reminders, and the bell's notifications. */

export const DIGEST_FREQUENCIES = ['daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** Days before the event a follower may ask to be reminded (0: no reminder). */
export const REMINDER_DAYS_MAX = 60;

/** POST /wishlists/share/{id}/followers */
export interface FollowBody {
  email: string;
}

/** GET /followers/{token}: what the holder of a follower's link sees and may change. */
export interface FollowerSettings {
  wishlistId: string;
  wishlistName: string;
  email: string;
  confirmed: boolean;
  frequency: DigestFrequency;
  /** Days before the event to be reminded, or null for no reminder. */
  reminderDays: number | null;
}

/** PUT /followers/{token}, PUT /follows/{listId} */
export interface FollowerPreferences {
  frequency?: DigestFrequency;
  reminderDays?: number | null;
}

/** GET /follows/{listId}: the signed-in caller's own follow of a list. */
export interface AccountFollow {
  following: boolean;
  frequency: DigestFrequency;
  reminderDays: number | null;
}

/** GET /wishlists/{id}/followers: the owner sees how many follow, never who. */
export interface FollowerCount {
  count: number;
}

export const NOTIFICATION_KINDS = ['invitation-accepted', 'reserved-item-relisted', 'reserved-item-removed', 'price-dropped', 'event-coming'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface AppNotification {
  _id: string;
  kind: NotificationKind;
  wishlistId: string | null;
  listName: string;
  /** The item's title, the invitee's name, or the event day (YYYY-MM-DD), by kind. */
  detail: string;
  read: boolean;
  createdAt: string;
}

/** GET /notifications?page= */
export interface NotificationPage {
  notifications: AppNotification[];
  unread: number;
  page: number;
  pages: number;
}

/** GET/PUT /notifications/preferences: the kinds that also come by mail. */
export interface NotificationMailPreferences {
  mail: NotificationKind[];
}

/** The web page a follower's links open (confirm, choose the digest, unsubscribe). */
export const followerPath = (token: string) => `/follow/${token}`;
