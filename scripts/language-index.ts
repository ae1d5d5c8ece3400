// Writes locales/index.ts from the language files beside it, so that a language is one file:
// `bun run languages` (every `bun run build:web` does it too). web/test/unit/languages.test.ts
// fails when the index is not what this writes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LanguageFile } from '@wishwell/shared/language-file';

export const LOCALES_DIR = join(import.meta.dirname, '..', 'locales');
export const INDEX_FILE = join(LOCALES_DIR, 'index.ts');
/** A language file's code: ISO 639-1 (or -3), with a region where the language needs one ('pt-BR'). */
export const LANGUAGE_CODE = '[a-z]{2,3}(?:-[A-Z]{2})?';
const LANGUAGE_FILE = new RegExp(`^(${LANGUAGE_CODE})\\.ts$`);

/** A code as an object key ('pt-BR' quoted) and as an import's name ('ptBR'). */
const keyOf = (code: string) => (code.includes('-') ? `'${code}'` : code);
const nameOf = (code: string) => code.replace('-', '');

/** The codes of the language files in locales/: English (the source) first, then by code. */
export function languageCodes(): string[] {
  const codes = readdirSync(LOCALES_DIR).flatMap((name) => LANGUAGE_FILE.exec(name)?.[1] ?? []);
  return codes.sort((a, b) => Number(b === 'en') - Number(a === 'en') || a.localeCompare(b));
}

export async function readLanguageFile(code: string): Promise<LanguageFile> {
  return ((await import(join(LOCALES_DIR, `${code}.ts`))) as { default: LanguageFile }).default;
}

/** What locales/index.ts must hold: every file's import, its name, and the map of files. */
export async function languageIndexSource(): Promise<string> {
  const codes = languageCodes();
  const names = await Promise.all(codes.map(async (code) => `  ${keyOf(code)}: '${(await readLanguageFile(code)).name.replaceAll("'", "\\'")}',`));
  return [
    '// Written by scripts/language-index.ts from the language files in this folder (`bun run languages`;',
    '// `bun run build:web` does it too). Do not edit: a language is its file.',
    ...codes.map((code) => `import ${nameOf(code)} from './${code}';`),
    '',
    '/** Every language by its code, named in itself; English, the source, first. */',
    'export const LANGUAGE_NAMES = {',
    ...names,
    '} as const;',
    '',
    "/** Every language file, whole: the server's view (the web build takes only the browser's parts, each on its own). */",
    `export const LANGUAGE_FILES = { ${codes.map((code) => (keyOf(code) === code ? code : `${keyOf(code)}: ${nameOf(code)}`)).join(', ')} };`,
    '',
  ].join('\n');
}

/** Rewrites locales/index.ts when the files changed; true when it did. */
export async function writeLanguageIndex(): Promise<boolean> {
  const source = await languageIndexSource();
  if (readFileSync(INDEX_FILE, { encoding: 'utf8', flag: 'a+' }) === source) return false;
  writeFileSync(INDEX_FILE, source);
  return true;
}

if (import.meta.main) console.log((await writeLanguageIndex()) ? 'locales/index.ts written' : 'locales/index.ts is up to date');
