import { Elysia } from 'elysia';
import { isLanguage } from '@wishwell/shared/languages';
import { SESSION_ENDED_COOKIE, SESSION_ENDED_NOTICE_SECONDS } from '@wishwell/shared/session-cookie';
import type { AppContext } from '../app-context';
import { isApiToken, type ApiTokenScope } from '@wishwell/shared/api-token-types';
import { retiredByRestore } from '../auth/retired-sessions';
import { sessionUserLookup, type SessionUser } from '../auth/session-user';
import { forbidden, unauthorized } from '../domain/errors';
import { capabilitiesOf, SESSION_COOKIE } from './cookies';
import type { RequestInfo } from './request-info';

export type { SessionUser };

/** Resolves the caller's account from the bearer token or the session cookie, or null. */
export type ViewerResolver = (request: Request, http: RequestInfo) => Promise<SessionUser | null>;

/** Who asks for a list: the signed-in account (if any) and the guest-list capabilities the browser holds. */
export interface ListCaller {
  user: SessionUser | null;
  capabilities: ReadonlyMap<string, string>;
}

/**
 * What the list policies ask of the wish-list feature (its WishlistAccess): the caller's role on a
 * list, as the feature's own proof `Access`, which only the feature can make.
 */
export interface ListRules<Access> {
  editable(listId: string, caller: ListCaller): Promise<Access>;
  owned(listId: string, caller: ListCaller): Promise<Access>;
  guestListOf(capabilities: ListCaller['capabilities']): Promise<string | null>;
}

/**
 * What the circle policies ask of the circles feature: the caller's membership of circle `:id`
 * (`Membership`), or their place on list `:id` as an editor or a member of a circle it is shared
 * with (`Circled`); else 404/403.
 */
export interface CircleRules<Membership, Circled> {
  member(circleId: string, user: SessionUser): Promise<Membership>;
  creator(circleId: string, user: SessionUser): Promise<Membership>;
  onList(listId: string, caller: ListCaller & { user: SessionUser }): Promise<Circled>;
}

/**
 * What the draw policies ask of the Secret Santa feature: proof that the caller organises a draw,
 * or is one of its participants (by the result link's token, or signed in as the participant), as
 * the feature's own `Organised` and `Participant`, which only it can make.
 */
export interface DrawRules<Organised, Participant> {
  organised(drawId: string, user: SessionUser): Promise<Organised>;
  participantByToken(token: string): Promise<Participant>;
  participantByAccount(drawId: string, user: SessionUser): Promise<Participant>;
}

/** What the API token gate asks of the token feature: whose a presented token is and its scope, or null. */
export interface TokenAuthenticator {
  authenticate(token: string): Promise<{ tokenId: string; userId: string; scope: ApiTokenScope } | null>;
}

/** The token in an `Authorization: Bearer` header, if any. */
export function bearerToken(request: Request): string | undefined {
  return request.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

/** The session token the caller presented: the bearer token, else the session cookie. */
export function presentedToken(request: Request, http: RequestInfo): string | undefined {
  return bearerToken(request) ?? http.cookies.get(SESSION_COOKIE);
}

/**
 * Whether the caller authenticates by its bearer token alone (a script, not a browser holding the
 * session cookie): when that token opens nothing, it is told the token is not valid, not asked to sign in.
 */
const scriptsBearer = (request: Request, http: RequestInfo) => bearerToken(request) !== undefined && !http.cookies.has(SESSION_COOKIE);

/** Resolves a session token (bearer or cookie) to its account; personal API tokens are the access gate's. */
function sessionViewerResolver(ctx: AppContext, findUser: (id: string) => Promise<SessionUser | null>): ViewerResolver {
  const endedByRestore = retiredByRestore(ctx.store);
  return async (request, http) => {
    const token = presentedToken(request, http);
    if (!token || isApiToken(token)) return null;
    const claims = await ctx.tokens.verify(token);
    if (!claims) return null;
    const user = await findUser(claims.sub);
    if (!user) return null;
    if (user.tokenVersion === claims.ver) return signedInAs(user, http);
    if (http.cookies.get(SESSION_COOKIE) === token && (await endedByRestore(claims.ver))) tellSessionEndedByRestore(http);
    return null;
  };
}

/**
 * A browser whose session a restore ended: the session cookie goes, and a readable one says why,
 * so the next page it opens can say so and offer to sign in (web/src/session/SessionEndedNotice.tsx).
 */
function tellSessionEndedByRestore(http: RequestInfo): void {
  http.clearCookie(SESSION_COOKIE);
  http.setCookie(SESSION_ENDED_COOKIE, 'restore', { httpOnly: false, maxAgeSeconds: SESSION_ENDED_NOTICE_SECONDS });
}

/** Who a page request comes from, by its session (cookie or bearer); personal API tokens are not sessions. */
export function createViewerResolver(ctx: AppContext): ViewerResolver {
  return sessionViewerResolver(ctx, sessionUserLookup(ctx.store));
}

/** Records the account as the request's actor; a disabled account is refused whatever it presented. */
function signedInAs(user: SessionUser, http: RequestInfo, apiTokenId?: string): SessionUser {
  http.actor = { userId: user.id, isAdmin: user.isAdmin, ...(apiTokenId ? { apiTokenId } : {}) };
  if (isLanguage(user.language)) http.language = user.language;
  if (user.isDisabled) throw forbidden('accountDisabled');
  return user;
}

/** A signed-in account, or a guest holding the capability of `guestListId` (never both null). */
export interface AccountOrGuest<Access> {
  user: SessionUser | null;
  guestListId: string | null;
  /** The caller's role on another list (owner, editor or its capability), else 404/401/403. */
  listAccess(listId: string): Promise<Access>;
}

/**
 * The access policy of every API route, one per route and visible where the route is declared.
 * Each is checked before the body is validated and hands the handler a typed caller:
 *   { publicRoute: true }          anyone; `viewer()` resolves the caller's account on demand (or null)
 *   { signInRoute: true }          anyone, signing in, up or out; personal API tokens refused
 *   { signedIn: true }             a signed-in, enabled account, as `user` (else 401)
 *   { sessionOnly: true }          the same, through its session only; personal API tokens refused
 *   { adminOnly: true }            a signed-in admin, as `user` (else 401, or 403 for non-admins)
 *   { capabilityOrSignedIn: true } an account or a guest holding some list's capability, as `caller`
 *   { listEditor: true }           owner, editor or capability holder of list `:id`, as `access`
 *   { listOwner: true }            owner (or capability holder of the ownerless) list `:id`, as `access`
 *   { listOwnerInSession: true }   the same, through its session only; personal API tokens refused
 *                                  (inviting editors: an editor keeps the list after the token that
 *                                  invited it is revoked, so a leaked token must not make one)
 *   { circleMember: true }         a signed-in member of circle `:id`, as `circle`
 *   { circleCreator: true }        the creator of circle `:id`, as `circle`
 *   { listCircleMember: true }     a signed-in account that owns or edits list `:id` or is a member of
 *                                  a circle it is shared with, as `circled` (the service refuses the owner
 *                                  what it must never learn)
 *   { drawOrganiser: true }        the signed-in organiser of draw `:id`, as `draw` (else 401/403/404)
 *   { drawParticipant: true }      a participant of a draw, as `participant`: by the result link's
 *                                  `:token` (no account needed), or signed in as a participant of
 *                                  draw `:id` (by account, or by address where the draw names none);
 *                                  the signed-in caller, if any, as `viewer()`
 * Each also hands the handler the pipeline's per-request `http` (RequestInfo). A personal API
 * token is checked for every route before its policy runs (see `apiTokenGate`).
 */
export function accessPolicies<Access, Membership, Circled, Organised, Participant>(
  ctx: AppContext,
  lists: ListRules<Access>,
  circles: CircleRules<Membership, Circled>,
  apiTokens: TokenAuthenticator,
  draws: DrawRules<Organised, Participant>,
) {
  const findUser = sessionUserLookup(ctx.store);
  const sessionViewer = sessionViewerResolver(ctx, findUser);
  const tokenViewers = new WeakMap<Request, SessionUser>();
  const resolveViewer: ViewerResolver = async (request, http) => tokenViewers.get(request) ?? sessionViewer(request, http);
  const gate = apiTokenGate(apiTokens, findUser, tokenViewers);
  const policy = <R extends object>(name: AccessPolicyName, decide: (context: PolicyContext) => R | Promise<R>) => policyHooks(name, gate, decide);
  const requireUser = async ({ request, http }: PolicyContext) => {
    const user = await resolveViewer(request, http);
    if (!user) throw unauthorized(scriptsBearer(request, http) ? 'bearerInvalid' : 'signIn');
    return user;
  };
  const callerOf = async (c: PolicyContext) => ({ user: await resolveViewer(c.request, c.http), capabilities: capabilitiesOf(c.http.cookies) });
  /** The `:id` of the route: a list's, or a circle's on the circle routes. */
  const listId = (c: PolicyContext) => c.params?.id ?? '';
  const anyone = (c: PolicyContext) => {
    let cached: Promise<SessionUser | null> | undefined;
    return { http: c.http, viewer: () => (cached ??= resolveViewer(c.request, c.http)) };
  };
  const signedIn = async (c: PolicyContext) => ({ http: c.http, user: await requireUser(c) });
  const listOwner = async (c: PolicyContext) => ({ http: c.http, access: await lists.owned(listId(c), await callerOf(c)) });

  return new Elysia({ name: 'access-policies' }).macro({
    publicRoute: policy('publicRoute', anyone),
    signInRoute: policy('signInRoute', anyone),
    signedIn: policy('signedIn', signedIn),
    sessionOnly: policy('sessionOnly', signedIn),
    adminOnly: policy('adminOnly', async (c) => {
      const user = await requireUser(c);
      if (!user.isAdmin) throw forbidden('adminsOnly');
      return { http: c.http, user };
    }),
    capabilityOrSignedIn: policy('capabilityOrSignedIn', async (c) => {
      const caller = await callerOf(c);
      const guestListId = caller.user ? null : await lists.guestListOf(caller.capabilities);
      if (!caller.user && !guestListId) throw unauthorized('guestSignIn');
      const accountOrGuest: AccountOrGuest<Access> = { user: caller.user, guestListId, listAccess: (id) => lists.editable(id, caller) };
      return { http: c.http, caller: accountOrGuest };
    }),
    listEditor: policy('listEditor', async (c) => ({ http: c.http, access: await lists.editable(listId(c), await callerOf(c)) })),
    listOwner: policy('listOwner', listOwner),
    listOwnerInSession: policy('listOwnerInSession', listOwner),
    circleMember: policy('circleMember', async (c) => ({ http: c.http, circle: await circles.member(listId(c), await requireUser(c)) })),
    circleCreator: policy('circleCreator', async (c) => ({ http: c.http, circle: await circles.creator(listId(c), await requireUser(c)) })),
    listCircleMember: policy('listCircleMember', async (c) => {
      const user = await requireUser(c);
      return { http: c.http, circled: await circles.onList(listId(c), { user, capabilities: capabilitiesOf(c.http.cookies) }) };
    }),
    drawOrganiser: policy('drawOrganiser', async (c) => ({ http: c.http, draw: await draws.organised(c.params?.id ?? '', await requireUser(c)) })),
    drawParticipant: policy('drawParticipant', async (c) => {
      const token = c.params?.token;
      if (token !== undefined) {
        // The link alone gives access; a signed-in holder is only named to the service (a disabled account as nobody).
        const viewer = () => resolveViewer(c.request, c.http).catch(() => null);
        return { http: c.http, participant: await draws.participantByToken(token), viewer };
      }
      const user = await requireUser(c);
      return { http: c.http, participant: await draws.participantByAccount(c.params?.id ?? '', user), viewer: async () => user };
    }),
  });
}

export const ACCESS_POLICY_KEYS = ['publicRoute', 'signInRoute', 'signedIn', 'sessionOnly', 'adminOnly', 'capabilityOrSignedIn', 'listEditor', 'listOwner', 'listOwnerInSession', 'circleMember', 'circleCreator', 'listCircleMember', 'drawOrganiser', 'drawParticipant'] as const;
export type AccessPolicyName = (typeof ACCESS_POLICY_KEYS)[number];

/** The least a personal API token needs to call a route, or 'none' when tokens are refused there. */
export type TokenRequirement = ApiTokenScope | 'none';

const READ_METHODS = new Set(['GET', 'HEAD']);
/** What each scope grants, from least to most. */
const SCOPE_RANK: Record<ApiTokenScope, number> = { read: 0, 'read-write': 1, admin: 2 };

/**
 * Routes that only read although they are POSTs: the guest's held-claims lookup carries claim
 * tokens in its body to keep them out of addresses and logs, and changes nothing.
 */
const READS_BY_POST = new Set(['/api/v1/wishlists/share/:id/claims']);

/** The token scope `METHOD path` on a route of `policy` needs: admin routes need admin, other writes read-write. */
export function tokenRequirement(policy: AccessPolicyName, method: string, path: string): TokenRequirement {
  if (policy === 'signInRoute' || policy === 'sessionOnly' || policy === 'listOwnerInSession') return 'none';
  if (policy === 'adminOnly') return 'admin';
  const reads = READ_METHODS.has(method) || (method === 'POST' && READS_BY_POST.has(path.replace(/\{(\w+)\}/g, ':$1')));
  return reads ? 'read' : 'read-write';
}

type AccessGate = (context: PolicyContext, policy: AccessPolicyName) => Promise<void>;

/**
 * Every route's first check: a personal API token in `Authorization: Bearer` must be valid (else
 * 401, even on public routes: a script learns at once that its token is bad), its account
 * enabled, and its scope enough for the route (see tokenRequirement); the account it proves is
 * the request's viewer. Session tokens pass through untouched.
 */
function apiTokenGate(apiTokens: TokenAuthenticator, findUser: (id: string) => Promise<SessionUser | null>, viewers: WeakMap<Request, SessionUser>): AccessGate {
  return async ({ request, http, route }, policy) => {
    const token = bearerToken(request);
    if (!token || !isApiToken(token)) return;
    const needed = tokenRequirement(policy, request.method, route);
    if (needed === 'none') throw forbidden('tokenSessionOnly');
    const grant = await apiTokens.authenticate(token);
    const user = grant && (await findUser(grant.userId));
    if (!grant || !user) throw unauthorized('tokenInvalid');
    viewers.set(request, signedInAs(user, http, grant.tokenId));
    if (SCOPE_RANK[grant.scope] < SCOPE_RANK[needed]) throw forbidden(needed === 'admin' ? 'tokenNotAdmin' : 'tokenReadOnly');
  };
}

interface PolicyContext {
  request: Request;
  http: RequestInfo;
  /** The route's path as declared (`/api/v1/wishlists/:id`). */
  route: string;
  params?: Record<string, string>;
}

/**
 * One policy as macro hooks: `transform` (before body validation, so a caller without access
 * learns nothing about the route's input) runs the API token gate, decides and keeps the result
 * per request; `resolve` hands it to the handler, typed. The transform carries the policy's name
 * for the route table.
 */
function policyHooks<R extends object>(name: AccessPolicyName, gate: AccessGate, decide: (context: PolicyContext) => R | Promise<R>) {
  const decided = new WeakMap<Request, R>();
  const transform = Object.assign(
    async (context: unknown) => {
      const c = context as PolicyContext;
      c.http.policy = name;
      await gate(c, name);
      decided.set(c.request, await decide(c));
    },
    { accessPolicy: name },
  );
  return { transform, resolve: (context: { request: Request }) => decided.get(context.request)! };
}

/** The access policy a route's hooks carry (read from the tagged transform hooks). */
export function declaredPolicies(hooks: unknown): AccessPolicyName[] {
  const transform = (hooks as { transform?: unknown } | undefined)?.transform;
  const list = Array.isArray(transform) ? transform : transform ? [transform] : [];
  return list
    .map((hook) => ((hook as { fn?: { accessPolicy?: AccessPolicyName } }).fn ?? hook)?.accessPolicy)
    .filter((name): name is AccessPolicyName => name !== undefined);
}

/** One line of the route table: who may call `METHOD path`. */
export interface RouteEntry {
  method: string;
  path: string;
  policy: AccessPolicyName | null;
}

/** Every /api/v1 route with its declared policy (null when it declares none or several). */
export function routeTable(app: { routes: { method: string; path: string; hooks: unknown }[] }): RouteEntry[] {
  return app.routes
    .filter((route) => route.path.startsWith('/api/v1/'))
    .map((route) => {
      const declared = declaredPolicies(route.hooks);
      return { method: route.method, path: route.path, policy: declared.length === 1 ? declared[0]! : null };
    });
}

/** Who each policy lets in, in the route table's words. */
const POLICY_DESCRIPTIONS: Record<AccessPolicyName, string> = {
  publicRoute: 'anyone',
  signInRoute: 'anyone (signing in, up or out)',
  signedIn: 'a signed-in account',
  sessionOnly: 'a signed-in account, in its browser session',
  adminOnly: 'an admin',
  capabilityOrSignedIn: 'an account, or a guest holding a list capability',
  listEditor: "the list's owner, an editor, or its guest capability",
  listOwner: "the list's owner (or its guest capability)",
  listOwnerInSession: "the list's owner (or its guest capability), in its browser session",
  circleMember: 'a member of the circle',
  circleCreator: "the circle's creator",
  listCircleMember: "an account that owns or edits the list, or a member of a circle it is shared with",
  drawOrganiser: "the draw's organiser",
  drawParticipant: "a participant of the draw (by their result link, or signed in as them)",
};

/** Who a policy lets in, in the route table's words. */
export function policyDescription(policy: AccessPolicyName): string {
  return POLICY_DESCRIPTIONS[policy];
}

/**
 * The route table as text, one route per line: method, path, policy, the personal API token
 * scope it needs ('none': tokens refused), who the policy lets in.
 */
export function formatRouteTable(entries: RouteEntry[]): string {
  const pathWidth = Math.max(...entries.map((entry) => entry.path.length));
  return entries
    .map((entry) => {
      const who = entry.policy
        ? `${entry.policy.padEnd(21)} ${tokenRequirement(entry.policy, entry.method, entry.path).padEnd(10)} ${POLICY_DESCRIPTIONS[entry.policy]}`
        : 'NO POLICY (refused at start)';
      return `${entry.method.padEnd(7)} ${entry.path.padEnd(pathWidth)}  ${who}`;
    })
    .join('\n');
}
