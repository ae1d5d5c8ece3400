/**
 * The package's `ssr` entry (`@wishwell/web/ssr`): what the server puts around a page before any
 * page is rendered — the theme's style sheet and classes, the early-taps script (inline, allowed
 * by its hash) and the types of the boot data and translation function. Light on purpose: the
 * server loads it at start, and the renderer (`@wishwell/web/ssr/render`) only for the first page.
 */
export { DARK_CLASS, SYSTEM_DARK_MEDIA, SYSTEM_SCHEME_CLASS, themeStyleSheet } from '../branding/theme';
export { EARLY_TAPS_SCRIPT } from './early-taps-script';
export { OFFLINE_NOTICE_META } from '../sw/messages';
export type { BootData } from '../app/boot-data';
export type { TFunction } from '../i18n/i18n';
