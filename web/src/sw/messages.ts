// What the page and its service worker agree on.
export const SKIP_WAITING = 'SKIP_WAITING';
export const OFFLINE_NOTICE = 'offline — showing the list as last seen';
export const SHARE_PAGE_PATH = /^\/share\/wishlist\/[^/]+$/;
