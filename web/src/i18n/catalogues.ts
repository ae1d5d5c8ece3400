import { browserPart } from './browser-part';

export type { Translation } from '@wishwell/shared/language-file';

/**
 * The public pages' texts (the `web` part of each language file): English, the source and
 * fallback, in the main bundle; every other language a chunk of its own, loaded only when that
 * language is chosen. The web build replaces this module (scripts/web-languages.ts).
 */
export const { ENGLISH, CATALOGUES } = browserPart('web');
