import { randomBytes } from 'node:crypto';
import { acceptedLanguages, requestLanguage, type Language } from '@wishwell/shared/languages';
import type { RequestActor } from './audit';
import { parseCookies, serializeCookie, type CookieOptions } from './cookies';

/** Per-request facts the handlers need, derived once from the raw request. */
export interface RequestInfo {
  requestId: string;
  cookies: Map<string, string>;
  ip: string;
  /** Whether the browser reached us over HTTPS (decides the cookies' Secure flag). */
  secure: boolean;
  /** The origin the browser used, e.g. https://wishes.example.com: links in mails point here. */
  origin: string;
  /**
   * The caller's language: the signed-in account's setting (once the access policy finds the
   * account), else the `ww_lang` cookie, else Accept-Language, else English.
   */
  language: Language;
  /** The language tags the browser accepts (Accept-Language), most wanted first: a new account's currency reads their region. */
  acceptedLanguages: string[];
  setCookie(name: string, value: string, options?: Omit<CookieOptions, 'secure'>): void;
  clearCookie(name: string): void;
  /** Set-Cookie values to send with the answer. */
  outgoingCookies: string[];
  /** The account the access policy found (set when it resolves one), for the audit log. */
  actor: RequestActor | null;
  /** The route's access policy, once it ran (adminOnly changes are audited). */
  policy: string | null;
}

interface ServerLike {
  requestIP(request: Request): { address: string } | null;
}

/** Request ids: a per-process random prefix and a counter (unique in the log, and cheap). */
const REQUEST_ID_PREFIX = randomBytes(4).toString('hex');
let requestCounter = 0;

export function readRequestInfo(request: Request, server: ServerLike | null, trustProxy: boolean, defaultLanguage: Language): RequestInfo {
  const forwardedProto = trustProxy ? request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  const forwardedHost = trustProxy ? request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const protocol = forwardedProto ?? (request.url.startsWith('https:') ? 'https' : 'http');
  const host = forwardedHost ?? request.headers.get('host') ?? new URL(request.url).host;
  const secure = protocol === 'https';
  const outgoingCookies: string[] = [];
  const acceptLanguage = request.headers.get('accept-language');
  let accepted: string[] | undefined;
  return {
    requestId: `${REQUEST_ID_PREFIX}-${(++requestCounter).toString(36)}`,
    cookies: parseCookies(request.headers.get('cookie')),
    ip: clientIp(request, server, trustProxy),
    secure,
    origin: `${protocol}://${host}`,
    language: requestLanguage(request.headers.get('cookie'), acceptLanguage, defaultLanguage),
    // Read only at sign-up: parsed then, not on every request.
    get acceptedLanguages() {
      return (accepted ??= acceptedLanguages(acceptLanguage));
    },
    outgoingCookies,
    actor: null,
    policy: null,
    setCookie(name, value, options = {}) {
      outgoingCookies.push(serializeCookie(name, value, { ...options, secure }));
    },
    clearCookie(name) {
      outgoingCookies.push(serializeCookie(name, '', { maxAgeSeconds: 0, httpOnly: true, secure }));
    },
  };
}

/** The caller's address; behind a trusted proxy, the last X-Forwarded-For hop (the one the proxy saw). */
export function clientIp(request: Request, server: ServerLike | null, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = request.headers.get('x-forwarded-for')?.split(',').map((h) => h.trim()).filter(Boolean);
    const last = hops?.[hops.length - 1];
    if (last) return last;
  }
  const address = server?.requestIP(request)?.address ?? '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}
