import { fromEachFile, type BrowserPart, type Translation } from '@wishwell/shared/language-file';
import type { Language } from '@wishwell/shared/languages';
import { LANGUAGE_FILES } from '@wishwell/locales';

/** One part of every language file, as the app loads it: English at hand, every language by a loader. */
export interface BrowserCatalogues {
  ENGLISH: Translation;
  CATALOGUES: Record<Language, () => Promise<Translation>>;
}

/**
 * `part` of every language file, read from the whole files: what the server's renderer and the
 * tests see. The browser never runs this: the web build (scripts/web-languages.ts) puts a module
 * of its own in place of each module calling it, with English's part in that module's chunk and
 * every other language's part in a chunk of its own.
 */
export function browserPart(part: BrowserPart): BrowserCatalogues {
  return { ENGLISH: LANGUAGE_FILES.en[part], CATALOGUES: fromEachFile(LANGUAGE_FILES, (file) => () => Promise.resolve(file[part])) };
}
