// What the page and its service worker agree on.
export const SKIP_WAITING = 'SKIP_WAITING';
/**
 * The <meta> of a shared list's page naming its offline notice in the page's language (from the
 * catalogues, `share.offlineNotice`): the worker shows the notice a kept copy carries.
 */
export const OFFLINE_NOTICE_META = 'ww-offline-notice';
const SHARE_PAGE_PATH = /^\/share\/wishlist\/[^/]+$/;

/** The server-rendered pages the worker keeps (the page hands it the one it loaded first). */
export type KeptPageKind = 'landing' | 'share';

export function keptPageKind(path: string): KeptPageKind | null {
  if (path === '/') return 'landing';
  return SHARE_PAGE_PATH.test(path) ? 'share' : null;
}
