import { Elysia } from 'elysia';
import type { AppContext } from '../app-context';
import { sessionUserLookup, type SessionUser } from '../auth/session-user';
import { forbidden, unauthorized } from './errors';
import { SESSION_COOKIE } from './cookies';
import type { RequestInfo } from './request-info';

export type { SessionUser };

/** Resolves the caller's account from the bearer token or the session cookie, or null. */
export type ViewerResolver = (request: Request, http: RequestInfo) => Promise<SessionUser | null>;

export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Contact the site operator.';

/** The token in an `Authorization: Bearer` header, if any. */
export function bearerToken(request: Request): string | undefined {
  return request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** The session token the caller presented: the bearer token, else the session cookie. */
export function presentedToken(request: Request, http: RequestInfo): string | undefined {
  return bearerToken(request) ?? http.cookies.get(SESSION_COOKIE);
}

export function createViewerResolver(ctx: AppContext): ViewerResolver {
  const findUser = sessionUserLookup(ctx.store);
  return async (request, http) => {
    const token = presentedToken(request, http);
    if (!token) return null;
    const claims = await ctx.tokens.verify(token);
    if (!claims) return null;
    const user = await findUser(claims.sub);
    if (!user || user.tokenVersion !== claims.ver) return null;
    if (user.isDisabled) throw forbidden(ACCOUNT_DISABLED_MESSAGE);
    return user;
  };
}

/**
 * The access policy of every API route, one per route and visible where the route is declared:
 *   { publicRoute: true } anyone; `viewer()` resolves the caller's account on demand (or null)
 *   { signedIn: true }    a signed-in, enabled account, as `user` (else 401)
 *   { adminOnly: true }   a signed-in admin, as `user` (else 401, or 403 for non-admins)
 * Each also hands the handler the pipeline's per-request `http` (RequestInfo), typed.
 */
export function accessPolicies(ctx: AppContext) {
  const resolveViewer = createViewerResolver(ctx);
  type Ctx = { request: Request; http: RequestInfo };
  const requireUser = async ({ request, http }: Ctx) => {
    const user = await resolveViewer(request, http);
    if (!user) throw unauthorized();
    return user;
  };
  return new Elysia({ name: 'access-policies' }).macro({
    publicRoute: {
      resolve: tagPolicy('publicRoute', (c: unknown) => {
        const { request, http } = c as unknown as Ctx;
        let cached: Promise<SessionUser | null> | undefined;
        return { http, viewer: () => (cached ??= resolveViewer(request, http)) };
      }),
    },
    signedIn: {
      resolve: tagPolicy('signedIn', async (c: unknown) => ({ http: (c as Ctx).http, user: await requireUser(c as unknown as Ctx) })),
    },
    adminOnly: {
      resolve: tagPolicy('adminOnly', async (c: unknown) => {
        const user = await requireUser(c as unknown as Ctx);
        if (!user.isAdmin) throw forbidden('Only administrators can do that.');
        return { http: (c as Ctx).http, user };
      }),
    },
  });
}

export const ACCESS_POLICY_KEYS = ['publicRoute', 'signedIn', 'adminOnly'] as const;
export type AccessPolicyName = (typeof ACCESS_POLICY_KEYS)[number];

/** Marks a policy's resolve function so createApp can check every route declared exactly one. */
function tagPolicy<F extends (context: unknown) => unknown>(name: AccessPolicyName, fn: F): F {
  return Object.assign(fn, { accessPolicy: name });
}

/** The access policies a route's hooks carry (read from the tagged resolve functions). */
export function declaredPolicies(hooks: unknown): AccessPolicyName[] {
  const beforeHandle = (hooks as { beforeHandle?: unknown } | undefined)?.beforeHandle;
  const list = Array.isArray(beforeHandle) ? beforeHandle : beforeHandle ? [beforeHandle] : [];
  return list
    .map((hook) => ((hook as { fn?: { accessPolicy?: AccessPolicyName } }).fn ?? hook)?.accessPolicy)
    .filter((name): name is AccessPolicyName => name !== undefined);
}

/** The plugin every feature's routes start from: `new Elysia().use(policies)`. */
export type AccessPolicies = ReturnType<typeof accessPolicies>;
