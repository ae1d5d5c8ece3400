import { describe, expect, test } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createInstance, type i18n as I18next } from 'i18next';
import { I18nextProvider, Trans as I18nextTrans } from 'react-i18next';
import { LANGUAGES, SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import { CATALOGUES, type Translation } from '../../src/i18n/catalogues';
import { createI18n, type I18n } from '../../src/i18n/i18n';
import { I18nProvider, Trans } from '../../src/i18n/react';

// The web's texts come from a small module of its own (web/src/i18n/i18n.ts) instead of i18next and
// react-i18next (~18 KB of the first download). Every key of every catalogue, with sample values
// and counts, must read exactly as i18next, configured as the app had it, reads it.

const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const COUNTS = [0, 1, 2, 5, 1_000_000];

function referenceI18next(language: Language, catalogue: Translation): I18next {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: SOURCE_LANGUAGE,
    resources: { en: { translation: CATALOGUE_BY_LANGUAGE.en }, [language]: { translation: catalogue } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  // Brazilians write the plural for none ("0 itens"), where CLDR's Portuguese rules say one: so does the app.
  if (language === 'pt-BR') {
    const resolver = instance.services.pluralResolver;
    const suffix = resolver.getSuffix.bind(resolver);
    resolver.getSuffix = (code: string, count: number, options?: object) => (count === 0 ? '_other' : suffix(code, count, options));
  }
  return instance;
}

/** Every text of a catalogue by its dotted key ("share.pledge"). */
function textsOf(catalogue: Translation, prefix = ''): Map<string, string> {
  return new Map(
    Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value] as const] : [...textsOf(value, `${prefix}${key}.`)])),
  );
}

/** The keys the app asks for (plural keys by their base), each with the placeholders any of its forms uses. */
function askedKeys(catalogue: Translation): Map<string, Set<string>> {
  const asked = new Map<string, Set<string>>();
  for (const [key, text] of textsOf(catalogue)) {
    const base = key.replace(PLURAL, '');
    const names = asked.get(base) ?? new Set<string>();
    for (const [, name] of text.matchAll(/{{\s*(\w+)\s*}}/g)) names.add(name!);
    asked.set(base, names);
  }
  return asked;
}

/** A distinct sample value per placeholder, with characters HTML would escape (React escapes, the texts must not). */
const sampleValues = (names: Set<string>) => Object.fromEntries([...names].map((name) => [name, `<${name} & "co">`]));

/** Each way the app asks for `key`: bare, with its values, and with each sample count. */
function askings(key: string, names: Set<string>): [string, Record<string, unknown>?][] {
  const values = sampleValues(names);
  return [[key], [key, values], ...COUNTS.map((count): [string, Record<string, unknown>] => [key, { ...values, count }])];
}

const CATALOGUE_BY_LANGUAGE = Object.fromEntries(await Promise.all(LANGUAGE_CODES.map(async (code) => [code, await CATALOGUES[code]()]))) as Record<Language, Translation>;
const EVERY_KEY = new Map([...LANGUAGE_CODES.flatMap((code) => [...askedKeys(CATALOGUE_BY_LANGUAGE[code])])]);

/** Compares every asking, then asserts once: an `expect` per asking (some 100,000) cost seconds of a core. */
function expectSameTexts(ours: I18n, reference: I18next, label: string): void {
  const differing: { asking: string; ours: string; i18next: string }[] = [];
  let compared = 0;
  for (const [key, names] of EVERY_KEY) {
    for (const [asked, options] of askings(key, names)) {
      const [text, expected] = [ours.t(asked, options), reference.t(asked, options)];
      if (text !== expected) differing.push({ asking: `${label} ${asked} ${JSON.stringify(options)}`, ours: text, i18next: expected });
      compared++;
    }
  }
  expect(differing).toEqual([]);
  expect(compared).toBeGreaterThan(EVERY_KEY.size * COUNTS.length);
}

describe('the local texts module reads every catalogue as i18next does', () => {
  test.each(LANGUAGE_CODES)('%s: every key, bare, with values and with counts 0/1/2/5/1,000,000', (language) => {
    const catalogue = CATALOGUE_BY_LANGUAGE[language];
    expectSameTexts(createI18n(language, catalogue), referenceI18next(language, catalogue), language);
  });

  test.each(LANGUAGE_CODES.filter((code) => code !== SOURCE_LANGUAGE))('%s missing every text falls back to English in English plural forms', (language) => {
    expectSameTexts(createI18n(language, {}), referenceI18next(language, {}), `${language} (empty)`);
  });

  test('French elides "de" before a name that opens with a vowel or an h, and nothing else does', () => {
    const french = createI18n('fr', CATALOGUE_BY_LANGUAGE.fr);
    expect(french.t('share.titleOf', { name: 'Olive' })).toBe('La liste d’Olive');
    expect(french.t('share.titleOf', { name: 'Hugo' })).toBe('La liste d’Hugo');
    expect(french.t('share.titleOf', { name: 'Élodie' })).toBe('La liste d’Élodie');
    expect(french.t('share.titleOf', { name: 'Marc' })).toBe('La liste de Marc');
    expect(french.t('share.tabTitle', { list: 'Anniversaire', name: 'Anne' })).toBe('Anniversaire – la liste d’Anne');
    expect(createI18n('en', CATALOGUE_BY_LANGUAGE.en).t('share.titleOf', { name: 'Olive' })).toBe("Olive's Wishlist");
  });

  test('a key no catalogue has reads as the key itself, as with i18next', () => {
    expect(createI18n('de', CATALOGUE_BY_LANGUAGE.de).t('share.noSuchText')).toBe('share.noSuchText');
  });

  test('changing the language changes what t reads, the new catalogue loaded once', () => {
    const i18n = createI18n('en', CATALOGUE_BY_LANGUAGE.en);
    const heard: Language[] = [];
    i18n.subscribe(() => heard.push(i18n.language));
    const englishT = i18n.t;
    i18n.changeLanguage('fr', CATALOGUE_BY_LANGUAGE.fr);
    expect(i18n.t('landing.howItWorks')).toBe(referenceI18next('fr', CATALOGUE_BY_LANGUAGE.fr).t('landing.howItWorks'));
    expect(englishT('landing.howItWorks')).toBe('How It Works');
    expect(i18n.hasCatalogue('fr')).toBe(true);
    expect(heard).toEqual(['fr']);
  });
});

/** The texts with elements in them ('<signup>Sign Up</signup> to keep it'), each with a stand-in element per tag. */
const TAGGED_KEYS = [...textsOf(CATALOGUE_BY_LANGUAGE.en)].flatMap(([key, text]) => {
  const tags = [...text.matchAll(/<(\w+)>/g)].map(([, name]) => name!);
  return tags.length ? [[key, Object.fromEntries(tags.map((name) => [name, createElement('a', { href: `/${name}?a=1&b=2` })]))] as const] : [];
});

describe('Trans renders a text with elements in it as react-i18next does', () => {
  test.each(LANGUAGE_CODES)('%s: every text with tags', (language) => {
    const catalogue = CATALOGUE_BY_LANGUAGE[language];
    expect(TAGGED_KEYS.map(([key]) => key)).toContain('list.guestBanner');
    for (const [i18nKey, components] of TAGGED_KEYS) {
      const ours = renderToStaticMarkup(createElement(I18nProvider, { i18n: createI18n(language, catalogue), children: createElement(Trans, { i18nKey, components }) }));
      const reference = renderToStaticMarkup(createElement(I18nextProvider, { i18n: referenceI18next(language, catalogue) }, createElement(I18nextTrans, { i18nKey, components })));
      expect(ours).toMatch(/<a href="[^"]+">[^<]+<\/a>/);
      expect(ours, `${language} ${i18nKey}`).toBe(reference);
    }
  });
});
