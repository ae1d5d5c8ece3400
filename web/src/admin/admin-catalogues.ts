import { browserPart } from '../i18n/browser-part';

/**
 * The admin console's texts (the `admin` part of each language file): English in the admin
 * chunk, every other language a chunk of its own; none in the public pages' bundle. The web
 * build replaces this module (scripts/web-languages.ts).
 */
export const { ENGLISH, CATALOGUES } = browserPart('admin');
