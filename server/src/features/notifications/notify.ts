import type { NotificationKind } from '@wishwell/shared/follower-types';
import type { DataStore, Db } from '../../db/store';
import { newTimeOrderedId } from '../../ids';
import { NotificationQueries } from './queries';

/** One entry for the bell: what happened, on which list; never who reserved or bought what. */
export interface NotificationEvent {
  kind: NotificationKind;
  wishlistId: string | null;
  listName: string;
  detail: string;
}

/**
 * Puts `event` on each account's bell (and in the mail queue of those who want its kind by mail,
 * see NotificationService.mailPending). A plain function over the store: any feature may call it,
 * on `db`, the transaction of the change that caused it, where there is one, `at` that change's time
 * (the app's clock).
 */
export async function notify(store: DataStore, userIds: string[], event: NotificationEvent, at: Date, db: Db = store.db): Promise<void> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return;
  const queries = new NotificationQueries(store);
  const wantMail = await queries.wantingMail(event.kind, recipients, db);
  await queries.insert(recipients.map((userId) => ({ id: newTimeOrderedId(), userId, ...event, mailPending: wantMail.has(userId), createdAt: at })), db);
}
