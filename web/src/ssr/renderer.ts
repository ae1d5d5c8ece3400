/**
 * The package's `ssr/render` entry (`@wishwell/web/ssr/render`): the React app rendered to markup,
 * with the boot data it hydrates from and the catalogues of every language. Heavy (the whole app):
 * the server imports it lazily, on the first page it renders.
 */
export { renderAppHtml } from './render';
export { bootDataScript } from '../app/boot-data';
export { serverI18n } from '../i18n/server-catalogues';
