// Every catalogue in memory, for the server's renderer (never imported by the browser bundle).
import type { Language } from '@wishwell/shared/languages';
import { LANGUAGE_FILES } from '@wishwell/locales';
import { createI18n, type I18n } from './i18n';

const instances = new Map<Language, I18n>();

/** One instance per language, shared by every render in it (a render never changes its language). */
export function serverI18n(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = createI18n(language, LANGUAGE_FILES[language].web)));
  return instance;
}
