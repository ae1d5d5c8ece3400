// The web build's view of the language files (locales/<code>.ts): the browser gets each file's
// `web` and `admin` parts as modules of their own and never the `server` part. In source form
// (the server's renderer, tests) the app reads the whole files; in the bundle this plugin puts
// in place of
// - locales/index.ts: the languages' names only (the language menus);
// - each module calling browserPart(part): English's part at hand in that module's chunk, every
//   other language's part behind a dynamic import, so a chunk of its own;
// and refuses any other import of a language file, which would carry it whole.
import { join } from 'node:path';
import type { BunPlugin } from 'bun';
import type { BrowserPart } from '@wishwell/shared/language-file';
import { INDEX_FILE, LANGUAGE_CODE, LOCALES_DIR, languageCodes, readLanguageFile } from './language-index';

const NAMESPACE = 'wishwell-language';
const PART_SPECIFIER = new RegExp(`^${NAMESPACE}:(${LANGUAGE_CODE})/(web|admin)$`);

const escapeRegExp = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (path: string) => new RegExp(`^${escapeRegExp(path)}$`);

/** A module exporting what browserPart(part) returns, its parts loaded as the browser should. */
function partModule(part: BrowserPart): string {
  const loaders = languageCodes().map((code) =>
    code === 'en' ? `  en: () => Promise.resolve(ENGLISH),` : `  ${JSON.stringify(code)}: () => import('${NAMESPACE}:${code}/${part}').then((module) => module.default),`,
  );
  return [`import ENGLISH from '${NAMESPACE}:en/${part}';`, 'export { ENGLISH };', 'export const CATALOGUES = {', ...loaders, '};'].join('\n');
}

/** The plugin for the site in `webDir`. */
export function webLanguages(webDir: string): BunPlugin {
  // The modules calling browserPart, with the part each one takes.
  const modules: Record<string, BrowserPart> = {
    [join(webDir, 'src', 'i18n', 'catalogues.ts')]: 'web',
    [join(webDir, 'src', 'admin', 'admin-catalogues.ts')]: 'admin',
  };
  return {
    name: 'web-languages',
    setup(build) {
      build.onLoad({ filter: exactly(INDEX_FILE) }, async () => {
        const names = await Promise.all(languageCodes().map(async (code) => [code, (await readLanguageFile(code)).name]));
        return { contents: `export const LANGUAGE_NAMES = ${JSON.stringify(Object.fromEntries(names))};`, loader: 'js' };
      });
      for (const [path, part] of Object.entries(modules)) {
        build.onLoad({ filter: exactly(path) }, () => ({ contents: partModule(part), loader: 'js' }));
      }
      build.onLoad({ filter: new RegExp(`^${escapeRegExp(LOCALES_DIR)}/${LANGUAGE_CODE}\\.ts$`) }, (args) => {
        throw new Error(`${args.path}: the browser reads language files only through browserPart (a whole file would carry the server's texts)`);
      });
      build.onResolve({ filter: PART_SPECIFIER }, (args) => ({ path: args.path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const [code, part] = args.path.split('/') as [string, BrowserPart];
        return { contents: `export default ${JSON.stringify((await readLanguageFile(code))[part])};`, loader: 'js' };
      });
    },
  };
}
