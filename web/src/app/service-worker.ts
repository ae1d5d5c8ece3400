import type { I18n } from '../i18n/i18n';
import { notify } from '../notifications/notify';
import { keptPageKind, SKIP_WAITING } from '../sw/messages';

/**
 * Registers /sw.js on the public pages (the admin console is left to the network). Once it is in
 * control it is handed what this page already loaded, so a list opened once opens offline. A new
 * version waits behind a 'new version available — reload' toast (in the page's language, from
 * `i18nLoaded`); taking it reloads on the new one.
 */
export function startServiceWorker(i18nLoaded: Promise<I18n>): void {
  if (!('serviceWorker' in navigator) || location.pathname.startsWith('/admin')) return;
  addEventListener('load', () => {
    register(i18nLoaded).catch((error: unknown) => console.warn('The service worker could not be registered', error));
  });
}

async function register(i18nLoaded: Promise<I18n>): Promise<void> {
  const registration = await navigator.serviceWorker.register('/sw.js');
  offerUpdates(registration, await i18nLoaded);
  const ready = await navigator.serviceWorker.ready;
  ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loadedUrls() } });
}

/** This page (if the worker keeps such pages) and the hashed assets it loaded, kept as if the worker had fetched them. */
function loadedUrls(): string[] {
  const assets = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.href);
  return keptPageKind(location.pathname) ? [location.href, ...assets] : assets;
}

function offerUpdates(registration: ServiceWorkerRegistration, i18n: I18n): void {
  let reloadAsked = false;
  const offer = (worker: ServiceWorker) =>
    notify(i18n.t('app.newVersion'), 'info', {
      text: i18n.t('app.reload'),
      onClick: () => {
        reloadAsked = true;
        worker.postMessage({ type: SKIP_WAITING });
      },
    });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloadAsked) location.reload();
  });
  // Only an update has a controller already: the first install takes over silently.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}
