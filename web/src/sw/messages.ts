// What the page and its service worker agree on.
export const SKIP_WAITING = 'SKIP_WAITING';
export const OFFLINE_NOTICE = 'offline — showing the list as last seen';
const SHARE_PAGE_PATH = /^\/share\/wishlist\/[^/]+$/;

/** The server-rendered pages the worker keeps (the page hands it the one it loaded first). */
export type KeptPageKind = 'landing' | 'share';

export function keptPageKind(path: string): KeptPageKind | null {
  if (path === '/') return 'landing';
  return SHARE_PAGE_PATH.test(path) ? 'share' : null;
}
