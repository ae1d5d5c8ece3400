import { describe, expect, test } from 'vitest';
import { LANGUAGE_FILES } from '@wishwell/locales';
import { LANGUAGES, type Language } from '@wishwell/shared/languages';
import { ADMIN_CATALOGUES } from '../../src/admin/admin-text';
import { CATALOGUES, type Translation } from '../../src/i18n/catalogues';
import { createI18n } from '../../src/i18n/i18n';
import { SERVER_CATALOGUES } from '@wishwell/server/i18n/texts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a catalogue by its dotted key ("share.pledge"). */
function textsOf(catalogue: Translation, prefix = ''): Map<string, string> {
  return new Map(
    Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'string' ? [[prefix + key, value] as const] : [...textsOf(value, `${prefix}${key}.`)])),
  );
}

/** The keys a language must have: English's, each plural key in the forms the language's plural rules name. */
function expectedKeys(english: string[], language: Language): string[] {
  const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const plurals = new Set(english.filter((key) => PLURAL.test(key)).map((key) => key.replace(PLURAL, '')));
  return [...english.filter((key) => !PLURAL.test(key)), ...[...plurals].flatMap((base) => forms.map((form) => `${base}_${form}`))].sort();
}

const placeholders = (text: string | undefined) => [...new Set(text?.match(/{{\w+}}/g) ?? [])].sort();

const others = Object.keys(LANGUAGES).filter((code) => code !== 'en') as Language[];
/**
 * Each part of the language files as the app reads it — the public pages' (browser chunks), the
 * admin console's and the server's (mails, API errors) — checked against English's.
 */
const CATALOGUE_SETS: [string, (language: Language) => Promise<Translation>][] = [
  ['web', (language) => CATALOGUES[language]()],
  ['admin', (language) => ADMIN_CATALOGUES[language]()],
  ['server', async (language) => SERVER_CATALOGUES[language]],
];

describe.each(CATALOGUE_SETS)('%s catalogues', (_, catalogue) => {
  test.each(others)('%s has every key English has, in its own plural forms, and no other key', async (language) => {
    const english = textsOf(await catalogue('en'));
    expect([...textsOf(await catalogue(language)).keys()].sort()).toEqual(expectedKeys([...english.keys()], language));
  });

  test.each(others)('%s keeps the placeholders of each English text', async (language) => {
    const english = textsOf(await catalogue('en'));
    for (const [key, text] of textsOf(await catalogue(language))) {
      const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(source));
    }
  });
});

describe('catalogues', () => {
  test('counts pick the language’s plural form', async () => {
    const german = createI18n('de', await CATALOGUES.de());
    expect(german.t('pledge.progress', { pledged: '20 €', price: '50 €', count: 1 })).toBe('20 € von 50 € zugesagt, von 1 Person');
    expect(german.t('pledge.progress', { pledged: '20 €', price: '50 €', count: 3 })).toBe('20 € von 50 € zugesagt, von 3 Personen');
    const french = createI18n('fr', await CATALOGUES.fr());
    expect(french.t('share.otherCurrencies', { count: 0 })).toMatch(/^0 article affiché dans une autre devise/); // French counts 0 as one
    expect(french.t('share.otherCurrencies', { count: 2 })).toMatch(/^2 articles/);
  });

  test('Polish counts take one, few and many forms; Italian a million its many form', async () => {
    const polish = createI18n('pl', await CATALOGUES.pl());
    const items = (count: number) => polish.t('dashboard.items', { count });
    expect([1, 2, 4, 5, 12, 22, 25, 0].map(items)).toEqual(['1 prezent', '2 prezenty', '4 prezenty', '5 prezentów', '12 prezentów', '22 prezenty', '25 prezentów', '0 prezentów']);
    expect(polish.t('pledge.progress', { pledged: '20 zł', price: '50 zł', count: 3 })).toBe('zadeklarowano 20 zł z 50 zł, dokładają się 3 osoby');
    const italian = createI18n('it', await CATALOGUES.it());
    expect(italian.t('dashboard.items', { count: 1 })).toBe('1 regalo');
    expect(italian.t('dashboard.items', { count: 3 })).toBe('3 regali');
    expect(italian.t('dashboard.items', { count: 1_000_000 })).toBe('1000000 di regali');
  });

  test('Japanese counts have one form, Portuguese a form for millions and the plural for none, Swedish one and other', async () => {
    const japanese = createI18n('ja', await CATALOGUES.ja());
    expect(japanese.t('dashboard.items', { count: 1 })).toBe('1件');
    expect(japanese.t('dashboard.items', { count: 3 })).toBe('3件');
    const portuguese = createI18n('pt-BR', await CATALOGUES['pt-BR']());
    expect(portuguese.t('dashboard.items', { count: 1 })).toBe('1 item');
    expect(portuguese.t('dashboard.items', { count: 2 })).toBe('2 itens');
    expect(portuguese.t('dashboard.items', { count: 0 })).toBe('0 itens'); // CLDR counts 0 as one in Portuguese; Brazilians write the plural
    expect(portuguese.t('dashboard.items', { count: 1_000_000 })).toBe('1000000 de itens');
    const swedish = createI18n('sv', await CATALOGUES.sv());
    expect(swedish.t('pledge.progress', { pledged: '20 kr', price: '50 kr', count: 1 })).toBe('20 kr av 50 kr utlovat av 1 person');
    expect(swedish.t('pledge.progress', { pledged: '20 kr', price: '50 kr', count: 4 })).toBe('20 kr av 50 kr utlovat av 4 personer');
  });

  test('German says "du" throughout: no capitalised Sie, Ihr or Ihnen, which read as the formal you even where "they" was meant', () => {
    const formal = /\b(Sie|Ihnen|Ihr(e|em|en|er|es)?)\b/;
    const offending = [...textsOf(LANGUAGE_FILES.de as unknown as Translation)].filter(([, text]) => formal.test(text));
    expect(offending).toEqual([]);
  });

  test('French joins « » and a space before : ; ! ? with a no-break space, so neither starts a line alone', () => {
    const breakable = /« | »|\S [:;!?](\s|$)/;
    const offending = [...textsOf(LANGUAGE_FILES.fr as unknown as Translation)].filter(([, text]) => breakable.test(text));
    expect(offending).toEqual([]);
  });

  test('a language without a text falls back to English', () => {
    expect(createI18n('es', {}).t('landing.howItWorks')).toBe('How It Works');
  });

  test('the admin console’s texts join a loaded catalogue as a group, with English underneath and the language’s plurals', async () => {
    const french = createI18n('fr', await CATALOGUES.fr());
    expect(french.hasGroup('fr', 'admin')).toBe(false);
    expect(french.t('admin.pages.users')).toBe('admin.pages.users');
    french.addGroup('en', 'admin', await ADMIN_CATALOGUES.en());
    french.addGroup('fr', 'admin', { pages: { users: 'Utilisateurs' } });
    expect(french.hasGroup('fr', 'admin')).toBe(true);
    expect(french.t('admin.pages.users')).toBe('Utilisateurs');
    expect(french.t('admin.pages.wishlists')).toBe('Wishlists'); // not in this French group: English
    expect(french.t('landing.howItWorks')).toBe('Comment ça marche'); // the app's own texts stay
    french.addGroup('fr', 'admin', await ADMIN_CATALOGUES.fr());
    const page = { page: '1', pageCount: '1' };
    expect(french.t('admin.logs.page', { ...page, total: '1', count: 1 })).toBe('Page 1 sur 1 (1 entrée)');
    expect(french.t('admin.logs.page', { ...page, total: '1,000,000', count: 1_000_000 })).toBe('Page 1 sur 1 (1,000,000 d’entrées)');
    expect(() => french.addGroup('de', 'admin', {})).toThrow(/not loaded/);
  });
});

describe("the extension's texts", () => {
  // Chrome refuses to load an extension whose description is longer, in any of its languages.
  test.each(Object.keys(LANGUAGE_FILES))('%s: a name of at most 75 characters and a description of at most 132', (code) => {
    const { name, description } = LANGUAGE_FILES[code as keyof typeof LANGUAGE_FILES].extension;
    expect(name.length).toBeLessThanOrEqual(75);
    expect(description.length).toBeLessThanOrEqual(132);
  });
});
