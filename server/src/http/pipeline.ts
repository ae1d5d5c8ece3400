import { Elysia } from 'elysia';
import type { AppContext } from '../app-context';
import { bodyLimitFor, CUT_BODIES_PER_IP, STREAMED_BODY_PATHS, tooLargeTextFor } from './body-limits';
import { RateLimiter } from '../limits/rate-limit';
import { insufficientStorage, isDiskFull, parseBody, readBodyLimited } from './body-reader';
import { hasCredentialCookie, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from './cookies';
import { SIGNED_IN_COOKIE } from '@wishwell/shared/session-cookie';
import { SESSION_TTL_SECONDS } from '../auth/tokens';
import { auditRequest } from './audit';
import { clientIp, readRequestInfo, type RequestInfo } from './request-info';
import { logEvent } from '../log';
import { securityHeaders } from './security-headers';
import { newSecret } from '../ids';
import { bearerToken } from './access';
import { timingSafeEqual } from 'node:crypto';
import { isUnstorableText } from '../db/errors';
import { requestLanguage, type Language } from '@wishwell/shared/languages';
import { DomainError, forbidden, invalid, notFound, textIn, tooLarge, type ErrorText } from '../domain/errors';
import { schemaErrorText } from '../validation/schemas';
import { fieldRefusal, type FieldSchema } from '../validation/field-refusal';
import { headersOf, statusOf } from './domain-answers';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a parsed JSON body has a string with a NUL character anywhere in it. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).some(([key, field]) => key.includes('\0') || holdsNul(field));
  }
  return false;
}

/** Refusals made before the body was read: their answer closes the connection, so the body is dropped rather than drained. */
const refusedUnread = new WeakSet<DomainError>();

function refuseUnread(check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof DomainError) refusedUnread.add(error);
    throw error;
  }
}

/**
 * What every request goes through: request id, security headers, body limits, the XSRF
 * double-submit check for cookie-authenticated changes, and errors as JSON `{ message }`.
 */
export function httpPipeline(ctx: AppContext, defaultLanguage: () => Language) {
  const cutBodies = new RateLimiter(CUT_BODIES_PER_IP, ctx.clock);
  return new Elysia({ name: 'http-pipeline' })
    .onRequest(({ request }) => {
      // No id or path holds a NUL character, and PostgreSQL cannot even compare one.
      if (/%00/.test(request.url)) return domainAnswer(notFound('notFound'), languageOf(request, defaultLanguage()));
      const length = Number(request.headers.get('content-length') ?? 0);
      if (length === 0) return;
      const path = new URL(request.url).pathname;
      if (length > bodyLimitFor(path)) {
        auditRequest({ method: request.method, route: path, status: 413, requestId: null, ip: null, actor: null, policy: null });
        return domainAnswer(tooLarge(tooLargeTextFor(path)), languageOf(request, defaultLanguage()));
      }
    })
    // Every body is read here, counted against its route's cap as it arrives (Content-Length
    // may be absent or lie), and parsed; the streamed routes' bodies are left to their handler.
    .onParse({ as: 'global' }, async ({ request, path, server }, contentType) => {
      if (!request.body) return undefined;
      if (STREAMED_BODY_PATHS.has(path)) return null;
      const ip = () => clientIp(request, server, ctx.config.trustProxy);
      if (!request.headers.has('content-length')) refuseUnread(() => cutBodies.check(ip()));
      const bytes = await readBodyLimited(request, bodyLimitFor(path), tooLargeTextFor(path)).catch(async (error: unknown) => {
        // Counted at once, not awaited: on several replicas the count's shared write may wait on
        // the database, and until the 413 is sent Bun goes on draining the cut body it was told to drop.
        if (error instanceof DomainError && error.kind === 'too-large') void cutBodies.take(ip());
        throw error;
      });
      return parseBody(bytes, contentType, request.headers.get('content-type') ?? '');
    })
    .onTransform({ as: 'global' }, ({ body }) => {
      // PostgreSQL cannot store it and no field needs it: refused on both engines alike.
      if (holdsNul(body)) throw invalid('nulCharacter');
    })
    .derive({ as: 'global' }, ({ request, server, set, path }) => {
      const http = readRequestInfo(request, server, ctx.config.trustProxy, defaultLanguage());
      Object.assign(set.headers, securityHeaders(http.secure, path), { 'x-request-id': http.requestId });
      return { http };
    })
    .onBeforeHandle({ as: 'global' }, ({ request, http, path }) => {
      if (http.cookies.has(SESSION_COOKIE) && !http.cookies.has(SIGNED_IN_COOKIE)) {
        http.setCookie(SIGNED_IN_COOKIE, '1', { maxAgeSeconds: SESSION_TTL_SECONDS }); // a session from before the hint existed
      }
      if (!path.startsWith('/api/')) return;
      if (!http.cookies.has(XSRF_COOKIE)) http.setCookie(XSRF_COOKIE, newSecret());
      if (SAFE_METHODS.has(request.method) || bearerToken(request)) return;
      // Cookie-authenticated changes need the double submit; so does any body a plain HTML form
      // can send cross-site without a preflight (e.g. a forged sign-in into the attacker's account).
      if (!hasCredentialCookie(http.cookies) && (!formCanSend(request) || ONE_CLICK_UNSUBSCRIBE.test(path))) return;
      if (!sameSecret(request.headers.get(XSRF_HEADER), http.cookies.get(XSRF_COOKIE))) {
        throw forbidden('xsrf');
      }
    })
    .onAfterHandle({ as: 'global' }, ({ http, set }) => {
      if (http.outgoingCookies.length > 0) set.headers['set-cookie'] = http.outgoingCookies as unknown as string;
    })
    .onAfterResponse({ as: 'global' }, (context) => {
      const { request, set, route, responseValue } = context as typeof context & { http?: RequestInfo; responseValue?: unknown };
      if (!route.startsWith('/api/')) return;
      const http = (context as { http?: RequestInfo }).http;
      auditRequest({
        method: request.method,
        route,
        status: responseValue instanceof Response ? responseValue.status : Number(set.status ?? 200),
        requestId: http?.requestId ?? null,
        ip: http?.ip ?? null,
        actor: http?.actor ?? null,
        policy: http?.policy ?? null,
      });
    })
    .onError({ as: 'global' }, (context) => {
      const { code, error, set, request, path } = context;
      const requestId = String(set.headers['x-request-id'] ?? '');
      // The message in the caller's language (the account's once the access policy found it).
      const language = (context as { http?: RequestInfo }).http?.language ?? languageOf(request, defaultLanguage());
      if (isDiskFull(error)) {
        ctx.databaseHealth.record(error);
        logEvent({ event: 'database.full', level: 'error', requestId, route: `${request.method} ${path}`, error });
      }
      const refusal = refusalOf(code, error);
      if (refusal) {
        set.status = statusOf(refusal); // what the audit line reads
        return withCookies(domainAnswer(refusal, language), (context as { http?: RequestInfo }).http);
      }
      const status = errorStatus(error);
      // A library's own refusal (none of ours): its status and its words.
      if (status >= 400 && status < 500) return json(status, { message: messageOf(error) ?? textIn(language, 'badRequest') });
      const databaseFailing = ctx.databaseHealth.record(error);
      logEvent({ event: databaseFailing ? 'database.failing' : 'request.failed', level: 'error', requestId, route: `${request.method} ${path}`, error });
      return json(500, { message: textIn(language, 'serverError'), requestId });
    });
}

/** What the caller is told of a refused request, or null for a failure of ours (a 500). */
function refusalOf(code: unknown, error: unknown): DomainError | null {
  // A refusal thrown while reading the body (413, 507) arrives wrapped in Elysia's ParseError.
  const refusal = error instanceof DomainError ? error : (error as { cause?: unknown })?.cause;
  if (refusal instanceof DomainError) return refusal;
  switch (code) {
    case 'VALIDATION':
      return new DomainError('invalid', [validationText(error)]);
    case 'PARSE':
      return invalid('unreadableBody');
    case 'NOT_FOUND':
      return notFound('notFound');
    case 'INVALID_COOKIE_SIGNATURE':
      return invalid('invalidCookie');
  }
  if (isUnstorableText(error)) return invalid('nulCharacter');
  if (isDiskFull(error)) return insufficientStorage();
  return null;
}

function domainAnswer(error: DomainError, language: Language): Response {
  const headers = headersOf(error);
  if (refusedUnread.has(error)) headers.connection = 'close';
  return json(statusOf(error), { message: error.in(language) }, headers);
}

/** A refusal keeps the cookies set before it (a session a restore ended is told so with its 401). */
function withCookies(answer: Response, http: RequestInfo | undefined): Response {
  for (const cookie of http?.outgoingCookies ?? []) answer.headers.append('set-cookie', cookie);
  return answer;
}

/** The language of a request no access policy has looked at: its ww_lang cookie, else Accept-Language, else the site's default. */
function languageOf(request: Request, fallback: Language): Language {
  return requestLanguage(request.headers.get('cookie'), request.headers.get('accept-language'), fallback);
}

/** Content types a cross-site HTML form can submit (anything else needs a CORS preflight we never grant). */
function formCanSend(request: Request): boolean {
  const type = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data' || type === 'text/plain';
}

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` as a form,
 * without cookies. The path's secret is the follower's own, so a forged request could do
 * nothing its holder could not.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/api\/v1\/followers\/[^/]+\/unsubscribe$/;

/** Compares the echoed XSRF token with the cookie in constant time. */
function sameSecret(sent: string | null, expected: string | undefined): boolean {
  if (!sent || !expected) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function json(status: number, body: object, headers?: Record<string, string>): Response {
  return Response.json(body, { status, headers });
}

function errorStatus(error: unknown): number {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : 500;
}

function messageOf(error: unknown): string | undefined {
  const message = (error as { message?: unknown })?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * The text of an Elysia validation error: the schema's own (`error: schemaError(...)`), else a
 * sentence in the caller's language naming the field and what it needs (fieldRefusal).
 */
function validationText(error: unknown): ErrorText {
  const all = (error as { all?: { path?: string; value?: unknown; schema?: FieldSchema & { error?: unknown } }[] }).all;
  const first = all?.[0];
  if (!first) return { key: 'invalidRequest' };
  const own = schemaErrorText(first.schema, first.value);
  if (own) return own;
  const field = first.path?.replace(/^\//, '').replace(/\//g, '.');
  return field ? fieldRefusal(field, first.schema, first.value) : { key: 'invalidRequest' };
}
