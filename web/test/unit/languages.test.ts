// A language is one file, locales/<code>.ts (docs/translating.md): it is registered by
// being there, and the web build splits it — the public pages' part to the browser (English in
// the main bundle, others in chunks of their own), the admin part only beside the admin console,
// the server's part nowhere in the site's files.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANGUAGES, type Language } from '@wishwell/shared/languages';
import type { Translation } from '@wishwell/shared/language-file';
import { LANGUAGE_FILES } from '@wishwell/locales';
import { INDEX_FILE, LOCALES_DIR, languageIndexSource } from '@wishwell/tooling/language-index';

const codes = Object.keys(LANGUAGES) as Language[];

describe('language files', () => {
  test('every file in locales/ is a registered language, and every registered language has its file', () => {
    const files = readdirSync(LOCALES_DIR).filter((name) => name !== 'index.ts' && name !== 'package.json');
    expect(files.sort()).toEqual(codes.map((code) => `${code}.ts`).sort());
  });

  test('each language is named as its file names it, English first', () => {
    expect(codes[0]).toBe('en');
    for (const code of codes) expect(LANGUAGES[code], code).toBe(LANGUAGE_FILES[code].name);
  });

  test('locales/index.ts is what `bun run languages` writes from the files', async () => {
    expect(readFileSync(INDEX_FILE, 'utf8'), 'locales/index.ts is out of date: run `bun run languages`').toBe(await languageIndexSource());
  });
});

/** Texts of a catalogue part that a bundle would carry verbatim (no quotes or escapes to re-encode), long enough to be its own. */
function plainTexts(catalogue: Translation): string[] {
  return Object.values(catalogue).flatMap((value) => (typeof value === 'string' ? [value] : plainTexts(value))).filter((text) => text.length >= 24 && !/["'\\\n`]/.test(text));
}

describe('the built site (web/dist) carries each part where it belongs', () => {
  const distDir = join(import.meta.dirname, '..', '..', 'dist');
  // Every script and page of the site: the app's bundle and chunks, the service worker, the shells, /api/docs.
  const scripts = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.(js|html)$/.test(name));
  const contents = new Map(scripts.map((name) => [name, readFileSync(join(distDir, name), 'utf8')]));
  const main = scripts.find((name) => name.startsWith('assets/main-'))!;
  const browserTexts = codes.flatMap((code) => [...plainTexts(LANGUAGE_FILES[code].web), ...plainTexts(LANGUAGE_FILES[code].admin)]);
  /** The texts of `part` that are in none of `others` (whole or inside a longer one). */
  const only = (code: Language, part: 'web' | 'admin' | 'server', others: string[]) =>
    plainTexts(LANGUAGE_FILES[code][part]).filter((text) => !others.some((other) => other.includes(text)));
  const holding = (text: string) => scripts.filter((name) => contents.get(name)!.includes(text));

  test.each(codes)('no file of the site holds a server text of %s (mails, API errors)', (code) => {
    const serverTexts = only(code, 'server', browserTexts);
    expect(serverTexts.length).toBeGreaterThan(20);
    expect(serverTexts.filter((text) => holding(text).length > 0)).toEqual([]);
  });

  test('the main bundle holds English’s public texts and no admin text', () => {
    const publicTexts = codes.flatMap((code) => plainTexts(LANGUAGE_FILES[code].web));
    expect(plainTexts(LANGUAGE_FILES.en.web).every((text) => contents.get(main)!.includes(text))).toBe(true);
    const adminTexts = codes.flatMap((code) => only(code, 'admin', publicTexts));
    expect(adminTexts.filter((text) => contents.get(main)!.includes(text))).toEqual([]);
  });

  test.each(codes.filter((code) => code !== 'en'))('%s’s public texts are a chunk of their own, without its admin texts', (code) => {
    const othersPublicTexts = codes.filter((other) => other !== code).flatMap((other) => plainTexts(LANGUAGE_FILES[other].web));
    const publicTexts = only(code, 'web', othersPublicTexts); // a text the same as another language's may be in its chunk too
    const chunks = new Set(publicTexts.flatMap(holding));
    expect([...chunks]).toHaveLength(1);
    const [chunk] = chunks;
    expect(chunk).not.toBe(main);
    const adminTexts = only(code, 'admin', publicTexts);
    expect(adminTexts.filter((text) => contents.get(chunk!)!.includes(text))).toEqual([]);
    expect(new Set(adminTexts.flatMap(holding)).size).toBe(1); // its admin texts: one chunk, loaded by the console
  });
});
