import { Elysia, t } from 'elysia';
import { PASSWORD_MAX_LENGTH } from '@wishwell/shared/account-types';
import type { RegistrationMode } from '@wishwell/shared/instance-settings-types';
import { OIDC_ERROR_PARAM, OIDC_LINK_PARAM, OIDC_SIGNED_IN_PATH, type OidcErrorReason, type SignInOptions } from '@wishwell/shared/sign-in-options';
import type { CookieSealer } from '../../auth/sealed-cookies';
import type { AccessPolicies } from '../../access-policies';
import { DomainError, invalid, notFound } from '../../domain/errors';
import type { RequestInfo } from '../../http/request-info';
import { logEvent } from '../../log';
import { hostnameOf } from '../../mail/link-origin';
import { startSession, type ClaimGuestList } from '../users/routes';
import type { OidcSignIns } from './index';
import { OidcFailure, type AuthorizationChecks } from './provider';
import { OidcRefusal, type PendingLink } from './service';
import { schemaError } from '../../validation/schemas';

/** The round trip's checks and where the user was going, sealed in the browser while at the provider. */
const ROUND_TRIP_COOKIE = 'wl_oidc';
/** A sign-in waiting for the account's password (see OidcAccounts). */
const PENDING_LINK_COOKIE = 'wl_oidc_link';
const ROUND_TRIP_SECONDS = 10 * 60;
const CALLBACK_PATH = '/api/v1/users/oidc/callback';

interface RoundTrip extends AuthorizationChecks {
  claimList?: string;
  invitation?: string;
}

const carried = t.Object({ claimList: t.Optional(t.String({ maxLength: 64 })), invitation: t.Optional(t.String({ maxLength: 128 })) });

/**
 * GET /users/sign-in-options, the OpenID Connect round trip (GET /users/oidc/start -> the
 * provider -> GET /users/oidc/callback, ending on /signed-in, or on /login with the reason) and
 * POST /users/oidc/link (the password that links a matching account).
 */
export function oidcRoutes(
  policies: AccessPolicies,
  sealer: CookieSealer,
  providers: OidcSignIns,
  passwordLogin: boolean,
  claimGuestList: ClaimGuestList,
  registration: () => Promise<RegistrationMode>,
) {
  /** The provider of the hostname the browser used (OIDC_PROVIDERS_FILE, else OIDC_*). */
  const providerFor = (http: RequestInfo) => providers.forHostname(hostnameOf(http.origin));
  const pendingLink = (http: RequestInfo) => sealer.open<PendingLink>(http.cookies.get(PENDING_LINK_COOKIE));
  const seal = async (http: RequestInfo, name: string, payload: object) =>
    http.setCookie(name, await sealer.seal({ ...payload }, ROUND_TRIP_SECONDS), { httpOnly: true, maxAgeSeconds: ROUND_TRIP_SECONDS });

  return new Elysia()
    .use(policies)
    .get(
      '/users/sign-in-options',
      async ({ http }): Promise<SignInOptions> => {
        const oidc = providerFor(http);
        const pending = oidc ? await pendingLink(http) : null;
        return {
          passwordLogin,
          registration: await registration(),
          oidc: oidc ? { label: oidc.provider.label } : null,
          pendingLink: pending ? { email: pending.email } : null,
        };
      },
      { publicRoute: true },
    )
    .get(
      '/users/oidc/start',
      async ({ query, http, set }) => {
        const oidc = providerFor(http);
        if (!oidc) throw notFound('oidcNotSetUp');
        await providers.attemptsPerIp.hit(http.ip);
        try {
          const { url, checks } = await oidc.provider.authorizationUrl(http.origin + CALLBACK_PATH);
          await seal(http, ROUND_TRIP_COOKIE, { ...checks, ...query } satisfies RoundTrip);
          return redirect(set, url);
        } catch (error) {
          return redirect(set, loginPage({ [OIDC_ERROR_PARAM]: refusalReason(error, http), ...query }));
        }
      },
      { signInRoute: true, query: carried },
    )
    .get(
      '/users/oidc/callback',
      async ({ request, http, set }) => {
        const roundTrip = await sealer.open<RoundTrip>(http.cookies.get(ROUND_TRIP_COOKIE));
        http.clearCookie(ROUND_TRIP_COOKIE);
        const onward = { claimList: roundTrip?.claimList, invitation: roundTrip?.invitation };
        try {
          const oidc = providerFor(http);
          if (!oidc) throw notFound('oidcNotSetUp');
          await providers.attemptsPerIp.hit(http.ip);
          if (!roundTrip) throw new OidcRefusal('failed'); // expired, or never started in this browser
          const person = await oidc.provider.person(new URL(request.url).search, roundTrip);
          const outcome = await oidc.accounts.signIn(person, hostnameOf(http.origin), http);
          if (outcome.kind === 'link') {
            await seal(http, PENDING_LINK_COOKIE, outcome.link);
            return redirect(set, loginPage({ [OIDC_LINK_PARAM]: '1', ...onward }));
          }
          startSession(http, outcome.profile);
          if (roundTrip.claimList) await claimGuestList(outcome.profile._id, roundTrip.claimList, http);
          return redirect(set, withQuery(OIDC_SIGNED_IN_PATH, onward));
        } catch (error) {
          return redirect(set, loginPage({ [OIDC_ERROR_PARAM]: refusalReason(error, http), ...onward }));
        }
      },
      { signInRoute: true },
    )
    .post(
      '/users/oidc/link',
      async ({ body, http }) => {
        const oidc = providerFor(http);
        const pending = oidc ? await pendingLink(http) : null;
        if (!oidc || !pending) throw invalid('oidcLinkExpired');
        const profile = await oidc.accounts.link(pending, body.password, http);
        http.clearCookie(PENDING_LINK_COOKIE);
        startSession(http, profile);
        if (body.claimListId) await claimGuestList(profile._id, body.claimListId, http);
        return profile;
      },
      {
        signInRoute: true,
        body: t.Object({
          password: t.String({ maxLength: PASSWORD_MAX_LENGTH, error: schemaError('enterPassword') }),
          claimListId: t.Optional(t.String({ maxLength: 64 })),
        }),
      },
    );
}

/** Why the round trip ends on the login page; anything else (a bug, the database) stays a server error. */
function refusalReason(error: unknown, http: RequestInfo): OidcErrorReason {
  const reason = error instanceof OidcFailure || error instanceof OidcRefusal ? error.reason : error instanceof DomainError && error.kind === 'forbidden' ? 'disabled' : null;
  if (!reason) throw error;
  logEvent({ event: 'login', method: 'oidc', outcome: reason, requestId: http.requestId, ip: http.ip, detail: error instanceof Error ? error.message : undefined });
  return reason;
}

function loginPage(params: Record<string, string | undefined>): string {
  return withQuery('/login', params);
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => !!entry[1]));
  return query.size > 0 ? `${path}?${query}` : path;
}

function redirect(set: { status?: number | string; headers: Record<string, string | number> }, location: string): null {
  set.status = 302;
  set.headers.location = location;
  return null;
}
