/// <reference lib="webworker" />
// The service worker (built by scripts/build-web.ts into /sw.js, with PRECACHE filled in):
// the app shell and entry assets precached, hashed chunks kept once fetched, shared lists
// network-first with the copy last seen as the offline fallback. API answers, and so admin data
// and anyone's private lists, never pass through a cache here.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { OFFLINE_NOTICE, SHARE_PAGE_PATH, SKIP_WAITING } from './messages';

declare const self: ServiceWorkerGlobalScope;
declare const PRECACHE: { url: string; revision: string | null }[];

const SHARE_PAGES = 'wishwell-share-pages';

// No directory index: '/' would otherwise be answered with the precached shell (a spinner until
// the app renders in the browser) instead of the server-rendered landing page.
precacheAndRoute(PRECACHE, { directoryIndex: '' });
cleanupOutdatedCaches();
clientsClaim();

// A new version waits until the page's 'new version available — reload' toast is taken up.
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
});

// Chunks have content-hashed names: once fetched, they never change.
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'), new CacheFirst({ cacheName: 'wishwell-assets' }));

registerRoute(({ url, sameOrigin }) => sameOrigin && SHARE_PAGE_PATH.test(url.pathname), ({ request }) => sharePage(request));

// Any other page: the network, else the precached app shell (its routes render in the browser).
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && !url.pathname.startsWith('/admin'),
  async ({ request }) => fetch(request).catch(async (error: unknown) => (await matchPrecache('/index.html')) ?? Promise.reject(error)),
);

/** The network first (and the answer kept); offline, the list as last seen, read-only, with a notice. */
async function sharePage(request: Request): Promise<Response> {
  const cache = await caches.open(SHARE_PAGES);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url, response.clone());
    else if (response.status === 404) await cache.delete(request.url);
    return response;
  } catch (error) {
    const cached = await cache.match(request.url);
    if (!cached) throw error;
    return withOfflineNotice(cached);
  }
}

async function withOfflineNotice(cached: Response): Promise<Response> {
  // The page's own <body> classes (its dark scheme) stay beside the offline one.
  const html = (await cached.text()).replace(
    /<body(?: class="([^"]*)")?([^>]*)>/,
    (_, classes: string | undefined, rest: string) =>
      `<body class="${classes ? `${classes} ` : ''}ww-offline"${rest}><div class="ww-offline-notice" role="status">${OFFLINE_NOTICE}</div>`,
  );
  const headers = new Headers(cached.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(html, { status: 200, headers });
}
