import { Elysia, t } from 'elysia';
import { NOTIFICATION_KINDS } from '@wishwell/shared/follower-types';
import type { AccessPolicies } from '../../access-policies';
import { idParams, oneOf, pagedQueryFields } from '../../validation/schemas';
import type { NotificationService } from './service';

const mailPreferencesBody = t.Object({ mail: t.Array(oneOf(NOTIFICATION_KINDS, 'notificationKind'), { maxItems: NOTIFICATION_KINDS.length }) });

/** The bell: the signed-in caller's own notifications only (another account's is a 404). */
export function notificationRoutes(policies: AccessPolicies, notifications: NotificationService) {
  return new Elysia()
    .use(policies)
    .get('/notifications', ({ user, query }) => notifications.page(user, query.page ?? 1), { signedIn: true, query: t.Object({ page: pagedQueryFields.page }) })
    .get('/notifications/unread', ({ user }) => notifications.unread(user), { signedIn: true })
    .put('/notifications/read', ({ user }) => notifications.markAllRead(user), { signedIn: true })
    .put('/notifications/:id/read', ({ user, params }) => notifications.markRead(user, params.id), { signedIn: true, params: idParams })
    .get('/notifications/preferences', ({ user }) => notifications.mailPreferences(user), { signedIn: true })
    .put('/notifications/preferences', ({ user, body }) => notifications.setMailPreferences(user, body.mail), { signedIn: true, body: mailPreferencesBody });
}
