// Every catalogue in memory, for the server's renderer (never imported by the browser bundle).
import type { Language } from '@wishwell/shared/languages';
import type { Translation } from './catalogues';
import { createI18n, type I18n } from './i18n';
import de from './locales/de';
import en from './locales/en';
import es from './locales/es';
import fr from './locales/fr';

const SERVER_CATALOGUES: Record<Language, Translation> = { en, de, fr, es };
const instances = new Map<Language, I18n>();

/** One instance per language, shared by every render in it (a render never changes its language). */
export function serverI18n(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) instances.set(language, (instance = createI18n(language, SERVER_CATALOGUES[language])));
  return instance;
}
