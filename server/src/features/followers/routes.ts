import { Elysia, t } from 'elysia';
import { DIGEST_FREQUENCIES, REMINDER_DAYS_MAX } from '@wishwell/shared/follower-types';
import type { AccessPolicies } from '../../access-policies';
import { idParams, oneOf, schemaError } from '../../validation/schemas';
import type { FollowerService } from './service';

const tokenParams = t.Object({ token: t.String({ maxLength: 128 }) });
const preferencesBody = t.Object({
  frequency: t.Optional(oneOf(DIGEST_FREQUENCIES, 'frequency')),
  reminderDays: t.Optional(t.Nullable(t.Integer({ minimum: 0, maximum: REMINDER_DAYS_MAX, error: schemaError('reminderDaysRange', { max: REMINDER_DAYS_MAX }) }))),
});
/** RFC 8058: a mail client's one-click POST carries `List-Unsubscribe=One-Click` as a form. */
const oneClickBody = t.Optional(t.Object({ 'List-Unsubscribe': t.Optional(t.String({ maxLength: 20 })) }));

/**
 * Followers of shared lists. The follower's links (confirm, manage, unsubscribe) carry the
 * follower's secret and need no account; the owner's count needs the list's ownership.
 */
export function followerRoutes(policies: AccessPolicies, followers: FollowerService) {
  return new Elysia()
    .use(policies)
    .post(
      '/wishlists/share/:id/followers',
      async ({ params, body, http, set }) => {
        const answer = await followers.follow(params.id, body.email, http);
        set.status = 202;
        return answer;
      },
      { publicRoute: true, params: idParams, body: t.Object({ email: t.String({ maxLength: 320 }) }) },
    )
    .get('/wishlists/:id/followers', ({ access }) => followers.countFor(access), { listOwner: true, params: idParams })
    .get('/follows/:id', ({ params, user }) => followers.accountFollow(params.id, user), { signedIn: true, params: idParams })
    .put('/follows/:id', ({ params, user, body }) => followers.followAsAccount(params.id, user, body), { signedIn: true, params: idParams, body: preferencesBody })
    .delete('/follows/:id', ({ params, user }) => followers.unfollowAsAccount(params.id, user), { signedIn: true, params: idParams })
    .get('/followers/:token', ({ params }) => followers.settings(params.token), { publicRoute: true, params: tokenParams })
    .post('/followers/:token/confirm', ({ params, body }) => followers.confirm(params.token, body ?? {}), {
      publicRoute: true,
      params: tokenParams,
      body: t.Optional(preferencesBody),
    })
    .put('/followers/:token', ({ params, body }) => followers.change(params.token, body), { publicRoute: true, params: tokenParams, body: preferencesBody })
    .post('/followers/:token/unsubscribe', ({ params }) => followers.unsubscribe(params.token), { publicRoute: true, params: tokenParams, body: oneClickBody });
}
