import { Elysia, t } from 'elysia';
import { PASSWORD_MAX_LENGTH, type SignOutAnswer } from '@wishwell/shared/account-types';
import { SESSION_TTL_SECONDS } from '../../auth/tokens';
import { presentedToken } from '../../http/access';
import type { AccessPolicies } from '../../access-policies';
import { SESSION_COOKIE } from '../../http/cookies';
import { SIGNED_IN_COOKIE } from '@wishwell/shared/session-cookie';
import type { RequestInfo } from '../../http/request-info';
import type { UserService } from './service';
import { schemaError } from '../../validation/schemas';

/**
 * Attaches the guest list `listId` to the account that just signed in or registered, if the
 * browser may (the wish list feature decides: it holds the list's edit capability).
 */
export type ClaimGuestList = (userId: string, listId: string, http: RequestInfo) => Promise<void>;

/** Where to send the browser so an identity provider's session ends too, or null (the OIDC feature decides). */
export type ProviderSignOut = (userId: string, sessionToken: string, origin: string) => Promise<string | null>;

const email = t.String({ maxLength: 254, error: schemaError('enterEmail') });
const password = t.String({ maxLength: PASSWORD_MAX_LENGTH, error: schemaError('enterPassword') });
/** A language code, or null for the browser's language (the service names the codes it knows). */
const language = t.Nullable(t.String({ maxLength: 16 }));
const claimListId = t.Optional(t.String({ maxLength: 64 }));
export const profileBody = t.Object({
  name: t.String({ maxLength: 200, error: schemaError('enterName') }),
  email,
  country: t.Optional(t.String({ maxLength: 100 })),
  language: t.Optional(language),
});

/** Sets the session cookie; the account (when the answer names it) becomes the request's actor in the audit log. */
export function startSession(http: RequestInfo, session: { token: string; _id?: string; isAdmin?: boolean }): void {
  http.setCookie(SESSION_COOKIE, session.token, { httpOnly: true, maxAgeSeconds: SESSION_TTL_SECONDS });
  http.setCookie(SIGNED_IN_COOKIE, '1', { maxAgeSeconds: SESSION_TTL_SECONDS });
  if (session._id) http.actor = { userId: session._id, isAdmin: session.isAdmin ?? false };
}

function endSession(http: RequestInfo): void {
  http.clearCookie(SESSION_COOKIE);
  http.clearCookie(SIGNED_IN_COOKIE);
}

/** POST /users/register, /users/login, /users/logout; the profile; passwords; deletion. */
export function userRoutes(policies: AccessPolicies, users: UserService, claimGuestList?: ClaimGuestList, providerSignOut?: ProviderSignOut) {
  const claim = async (userId: string, listId: string | undefined, http: RequestInfo) => {
    if (listId && claimGuestList) await claimGuestList(userId, listId, http);
  };
  return new Elysia()
    .use(policies)
    .post(
      '/users/register',
      async ({ body, http, set }) => {
        const profile = await users.register(body, http);
        startSession(http, profile);
        await claim(profile._id, body.claimListId, http);
        set.status = 201;
        return profile;
      },
      {
        signInRoute: true,
        body: t.Object({
          name: t.String({ maxLength: 200, error: schemaError('enterName') }),
          email,
          password,
          claimListId,
          invitation: t.Optional(t.String({ maxLength: 128 })),
          signup: t.Optional(t.String({ maxLength: 128 })),
          domain: t.Optional(t.String({ maxLength: 253 })),
        }),
      },
    )
    .post(
      '/users/login',
      async ({ body, http }) => {
        const profile = await users.login(body, http);
        startSession(http, profile);
        await claim(profile._id, body.claimListId, http);
        return profile;
      },
      { signInRoute: true, body: t.Object({ email, password, claimListId }) },
    )
    .post(
      '/users/logout',
      async ({ viewer, request, http }): Promise<SignOutAnswer> => {
        // Works without a valid session too: signing out must never leave a browser stuck.
        const user = await viewer().catch(() => null);
        const token = presentedToken(request, http);
        const endSessionUrl = user && token && providerSignOut ? await providerSignOut(user.id, token, http.origin) : null;
        if (user) await users.logout(user.id);
        endSession(http);
        return endSessionUrl ? { message: 'You are signed out.', endSessionUrl } : { message: 'You are signed out.' };
      },
      { signInRoute: true },
    )
    .get('/users/profile', ({ user, request, http }) => users.profile(user, presentedToken(request, http)!), { signedIn: true })
    .put('/users/profile', ({ user, body, request, http }) => users.updateProfile(user, body, presentedToken(request, http)!), {
      sessionOnly: true,
      body: profileBody,
    })
    .put('/users/profile/language', ({ user, body, request, http }) => users.setLanguage(user, body.language, presentedToken(request, http)!), {
      sessionOnly: true,
      body: t.Object({ language }),
    })
    .delete(
      '/users/profile',
      async ({ user, http }) => {
        await users.deleteAccount(user.id);
        endSession(http);
        return { message: 'Your account has been deleted.' };
      },
      { sessionOnly: true },
    )
    .put(
      '/users/profile/password',
      async ({ user, body, http }) => {
        const answer = await users.changePassword(user, body);
        startSession(http, answer);
        return answer;
      },
      { sessionOnly: true, body: t.Object({ currentPassword: password, newPassword: password }) },
    )
    .post('/users/forgot-password', ({ body, http }) => users.requestPasswordReset(body.email, http), {
      signInRoute: true,
      body: t.Object({ email }),
    })
    .put(
      '/users/reset-password/:token',
      async ({ params, body, http }) => {
        const answer = await users.resetPassword(params.token, body.password);
        startSession(http, answer);
        return answer;
      },
      { signInRoute: true, params: t.Object({ token: t.String({ maxLength: 128 }) }), body: t.Object({ password }) },
    );
}
