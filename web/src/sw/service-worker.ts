/// <reference lib="webworker" />
// The service worker (built by scripts/build-web.ts into /sw.js, with PRECACHE filled in):
// the app shell and entry assets precached, hashed chunks kept once fetched, the landing page and
// shared lists from the copy last seen while a fresh one is fetched (./pages.ts), and that copy as
// the offline fallback. API answers, and so admin data and anyone's private lists, never pass
// through a cache here.
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { keptPageKind, SKIP_WAITING } from './messages';
import { keptPage } from './pages';

declare const self: ServiceWorkerGlobalScope;
declare const PRECACHE: { url: string; revision: string | null }[];

/** The entry scripts of this build: a kept page loading others is from an earlier deploy. */
const BUILD_SCRIPTS = new Set(PRECACHE.map((entry) => entry.url).filter((url) => url.endsWith('.js')));

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

const appShell = () => matchPrecache('/index.html');

// The server-rendered pages: at once from the copy last seen when it is recent, else the network.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && keptPageKind(url.pathname) !== null,
  ({ request, url, event }) => keptPage(request, keptPageKind(url.pathname)!, BUILD_SCRIPTS, (done) => event.waitUntil(done), appShell),
);

// Any other page: the network, else the precached app shell (its routes render in the browser).
registerRoute(
  ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && !url.pathname.startsWith('/admin'),
  async ({ request }) => fetch(request).catch(async (error: unknown) => (await appShell()) ?? Promise.reject(error)),
);
