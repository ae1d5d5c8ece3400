import { LANGUAGE_COOKIE, requestLanguage, SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import { CATALOGUES } from './catalogues';
import { createI18n, type I18n } from './i18n';
import { useTranslation } from './react';

const ONE_YEAR_S = 365 * 24 * 3600;

/** The site's default language, as the server-rendered page told it (English on a page it did not render). */
let siteDefault: Language = SOURCE_LANGUAGE;

export function setSiteDefaultLanguage(language: Language): void {
  siteDefault = language;
}

/** The language this browser asks for: the one chosen in the footer (its cookie), else the browser's own, else the site's default. */
export function browserLanguage(): Language {
  return requestLanguage(document.cookie, navigator.languages.join(','), siteDefault);
}

/** An instance in `language`, its catalogue loaded first (a chunk of its own, English aside). */
export async function loadI18n(language: Language): Promise<I18n> {
  return createI18n(language, await CATALOGUES[language]());
}

/** Switches the running app to `language` and remembers it, so the server renders the next page in it too. */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${ONE_YEAR_S}; SameSite=Lax`;
  await changeLanguage(i18n, language);
}

/** Drops the remembered choice: the app follows the browser's own languages again. */
export async function forgetLanguageChoice(i18n: I18n): Promise<void> {
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  await changeLanguage(i18n, browserLanguage());
}

async function changeLanguage(i18n: I18n, language: Language): Promise<void> {
  i18n.changeLanguage(language, i18n.hasCatalogue(language) ? undefined : await CATALOGUES[language]());
  document.documentElement.lang = language;
}

/** The locale prices, dates and numbers are written in: the app's language. */
export function useLocale(): string {
  return useTranslation().i18n.language;
}
