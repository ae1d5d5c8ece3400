/// <reference lib="webworker" />
// The server-rendered pages in the service worker: the landing page and shared lists. A repeat
// visit gets the copy last seen at once while a fresh one is fetched for next time
// (stale-while-revalidate), when that copy is recent (RECENT_MS), of this build and made for this
// reader; otherwise the network first. Offline, the copy last seen (a shared list with its notice).
import { COLOR_SCHEME_COOKIE } from '@wishwell/shared/color-scheme';
import { LANGUAGE_COOKIE } from '@wishwell/shared/languages';
import { SIGNED_IN_COOKIE } from '@wishwell/shared/session-cookie';
import { OFFLINE_NOTICE_META, type KeptPageKind } from './messages';

declare const self: ServiceWorkerGlobalScope;

const PAGES = 'wishwell-share-pages';
/**
 * How long a kept page is shown at once before its refresh lands. A shared list never is while
 * online: it may have been bought from or deleted since, and the page does not ask for its list
 * again after hydrating from the copy. The landing page changes only with its domain's branding.
 */
const RECENT_MS: Record<KeptPageKind, number> = { landing: 24 * 3600_000, share: 0 };
/** Who the kept copy was rendered for (language, scheme and the browser's languages): another reader waits for the network. */
const READER_HEADER = 'x-ww-reader';

/**
 * The page's answer. `buildScripts`: the module scripts of the build this worker precached; a
 * copy loading others is from another build (a deploy since) and is never shown at once.
 * `appShell`: the precached shell, for a page never kept when the network fails.
 */
export async function keptPage(
  request: Request,
  kind: KeptPageKind,
  buildScripts: ReadonlySet<string>,
  waitUntil: (done: Promise<unknown>) => void,
  appShell: () => Promise<Response | undefined>,
): Promise<Response> {
  const cache = await caches.open(PAGES);
  const cached = await cache.match(request.url);
  const reader = await currentReader();
  if (!self.navigator.onLine && cached) return offlineCopy(cached, kind);
  const refreshed = refresh(request, cache, reader);
  if (cached && reader && (await showAtOnce(cached, kind, reader, buildScripts))) {
    waitUntil(refreshed.catch(() => undefined));
    return cached;
  }
  try {
    return await refreshed;
  } catch (error) {
    // Never seen here: the app renders the page in the browser, and says it is offline.
    if (!cached) return (await appShell()) ?? Promise.reject(error);
    return offlineCopy(cached, kind);
  }
}

/** The network's answer, kept for next time (a list no longer shared is dropped). */
async function refresh(request: Request, cache: Cache, reader: string | null): Promise<Response> {
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, await withReader(response.clone(), reader));
  else if (response.status === 404) await cache.delete(request.url);
  return response;
}

/**
 * Who reads the page, from the cookies the server renders it by; null (never shown at once) for
 * a signed-in reader, whose page the network answers, or where the worker cannot read cookies.
 */
async function currentReader(): Promise<string | null> {
  if (!('cookieStore' in self)) return null;
  const [signedIn, language, scheme] = await Promise.all([SIGNED_IN_COOKIE, LANGUAGE_COOKIE, COLOR_SCHEME_COOKIE].map((name) => self.cookieStore.get(name)));
  if (signedIn) return null;
  return [language?.value ?? '', scheme?.value ?? '', self.navigator.languages.join(',')].join('|');
}

async function showAtOnce(cached: Response, kind: KeptPageKind, reader: string, buildScripts: ReadonlySet<string>): Promise<boolean> {
  const age = Date.now() - Date.parse(cached.headers.get('date') ?? '');
  if (!(age < RECENT_MS[kind]) || cached.headers.get(READER_HEADER) !== reader) return false;
  const scripts = [...(await cached.clone().text()).matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!);
  return scripts.length > 0 && scripts.every((src) => buildScripts.has(src));
}

async function withReader(response: Response, reader: string | null): Promise<Response> {
  const headers = new Headers(response.headers);
  if (reader) headers.set(READER_HEADER, reader);
  else headers.delete(READER_HEADER);
  return new Response(await response.arrayBuffer(), { status: response.status, headers: withoutEncoding(headers) });
}

/** The body is kept decoded: the headers must not say otherwise. */
function withoutEncoding(headers: Headers): Headers {
  headers.delete('content-encoding');
  headers.delete('content-length');
  return headers;
}

const NOTICE_IN_PAGE = new RegExp(`<meta name="${OFFLINE_NOTICE_META}" content="([^"]*)">`);

/**
 * Offline: the landing page as last seen; a shared list read-only, under the notice its copy
 * carries in the language it was last seen in (escaped by the server, so put in as it is).
 */
async function offlineCopy(cached: Response, kind: KeptPageKind): Promise<Response> {
  if (kind === 'landing') return cached;
  const page = await cached.text();
  const notice = NOTICE_IN_PAGE.exec(page)?.[1] ?? '';
  // The page's own <body> classes (its dark scheme) stay beside the offline one.
  const html = page.replace(
    /<body(?: class="([^"]*)")?([^>]*)>/,
    (_, classes: string | undefined, rest: string) =>
      `<body class="${classes ? `${classes} ` : ''}ww-offline"${rest}><div class="ww-offline-notice" role="status">${notice}</div>`,
  );
  return new Response(html, { status: 200, headers: withoutEncoding(new Headers(cached.headers)) });
}
