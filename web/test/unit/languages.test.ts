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

const PLAIN_TEXT_MIN = 24;

/** Texts of a catalogue part that a bundle would carry verbatim (no quotes or escapes to re-encode), long enough to be its own. */
function plainTexts(catalogue: Translation): string[] {
  return Object.values(catalogue).flatMap((value) => (typeof value === 'string' ? [value] : plainTexts(value))).filter((text) => text.length >= PLAIN_TEXT_MIN && !/["'\\\n`]/.test(text));
}

/**
 * The files holding each text (anywhere in them, as `includes` would find it), in one pass over
 * each file: every text starts with one of the file's PLAIN_TEXT_MIN-long slices, so only texts
 * starting with a slice met are compared there. (A search per text and file read the 3 MB of
 * scripts some 5,000 times: seconds of a core.)
 */
function filesHolding(texts: string[], contents: Map<string, string>): Map<string, string[]> {
  const byStart = new Map<string, string[]>();
  for (const text of new Set(texts)) byStart.set(text.slice(0, PLAIN_TEXT_MIN), [...(byStart.get(text.slice(0, PLAIN_TEXT_MIN)) ?? []), text]);
  const holders = new Map(texts.map((text) => [text, [] as string[]]));
  for (const [name, content] of contents) {
    const found = new Set<string>();
    for (let at = 0; at + PLAIN_TEXT_MIN <= content.length; at += 1) {
      for (const text of byStart.get(content.slice(at, at + PLAIN_TEXT_MIN)) ?? []) if (content.startsWith(text, at)) found.add(text);
    }
    for (const text of found) holders.get(text)!.push(name);
  }
  return holders;
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
  const holders = filesHolding([...codes.flatMap((code) => plainTexts(LANGUAGE_FILES[code].server)), ...browserTexts], contents);
  const holding = (text: string) => holders.get(text)!;

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
