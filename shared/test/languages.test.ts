import { describe, expect, test } from 'vitest';
import { acceptedLanguages, requestLanguage } from '../src/languages';

describe('request language', () => {
  test('Accept-Language picks the most wanted supported language by its primary subtag', () => {
    expect(requestLanguage(null, 'de-CH,de;q=0.9,en;q=0.8')).toBe('de');
    expect(requestLanguage(null, 'fi-FI,fi;q=0.9,fr;q=0.5,es;q=0.7')).toBe('es');
    expect(requestLanguage(null, 'fr;q=0,es')).toBe('es');
  });

  test('Italian, Dutch and Polish browsers get their language', () => {
    expect(requestLanguage(null, 'it-CH,it;q=0.9,en;q=0.8')).toBe('it');
    expect(requestLanguage(null, 'nl-BE,fr-BE;q=0.8')).toBe('nl');
    expect(requestLanguage(null, 'pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('pl');
  });

  test('a language kept with its region is matched by that tag, by its primary subtag or by another region', () => {
    expect(requestLanguage(null, 'pt-BR,pt;q=0.9')).toBe('pt-BR');
    expect(requestLanguage(null, 'pt-PT,en;q=0.5')).toBe('pt-BR');
    expect(requestLanguage(null, 'pt_br')).toBe('pt-BR');
    expect(requestLanguage(null, 'sv-SE,en;q=0.5')).toBe('sv');
    expect(requestLanguage(null, 'ja-JP,ja;q=0.9')).toBe('ja');
    expect(requestLanguage('ww_lang=pt-BR', 'de')).toBe('pt-BR');
  });

  test('English when nothing supported is asked for, or nothing at all', () => {
    expect(requestLanguage(null, 'fi,ko;q=0.5')).toBe('en');
    expect(requestLanguage(null, null)).toBe('en');
    expect(requestLanguage(null, '*')).toBe('en');
  });

  test('the language chosen in the footer (its cookie) wins over the browser; an unknown one is ignored', () => {
    expect(requestLanguage('session=abc; ww_lang=fr', 'de')).toBe('fr');
    expect(requestLanguage('ww_lang=xx', 'de')).toBe('de');
  });

  test('tags are ordered by weight, then by position', () => {
    expect(acceptedLanguages('en;q=0.5, de , fr;q=0.8')).toEqual(['de', 'fr', 'en']);
  });
});
