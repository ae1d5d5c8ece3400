/** Texts by key, grouped by area ('share.markPurchased'). */
export interface Translation {
  [key: string]: string | Translation;
}

/**
 * One language: a file `locales/<code>.ts` (code: the language's ISO 639-1 code). The build keeps
 * its parts apart — `web` goes to the browser (English in the main bundle, every other language
 * as a chunk of its own), `admin` only with the admin console's chunk, `server` never leaves the
 * server.
 */
export interface LanguageFile {
  /** The language's name in itself ('Deutsch'), as the language menus show it. */
  name: string;
  /** The public pages' texts. */
  web: Translation;
  /** The admin console's texts (joined to the app's catalogue as the group `admin`). */
  admin: Translation;
  /** E-mails and API error messages, read by i18next on the server. */
  server: Translation;
  /** The browser extension's texts, flat: `bun run build:extension` writes them into its _locales/<code>/messages.json. */
  extension: Record<string, string>;
}

/** The parts of a language file the browser gets (each downloaded on its own). */
export type BrowserPart = 'web' | 'admin';

/** `pick` of every language file, by language code. */
export function fromEachFile<Code extends string, T>(files: Record<Code, LanguageFile>, pick: (file: LanguageFile) => T): Record<Code, T> {
  return Object.fromEntries(Object.entries<LanguageFile>(files).map(([code, file]) => [code, pick(file)])) as Record<Code, T>;
}
