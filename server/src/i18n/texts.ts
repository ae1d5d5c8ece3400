import { createInstance, type TFunction } from 'i18next';
import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import de from './locales/de';
import en from './locales/en';
import es from './locales/es';
import fr from './locales/fr';

/** A server catalogue: texts by key, grouped by area (mails, API errors). */
export interface ServerCatalogue {
  [key: string]: string | ServerCatalogue;
}

/** The server's texts in every language (the web's catalogues are the browser's: server texts stay out of its bundle). */
export const SERVER_CATALOGUES: Record<Language, ServerCatalogue> = { en, de, fr, es };

const i18n = createInstance();
void i18n.init({
  lng: SOURCE_LANGUAGE,
  fallbackLng: SOURCE_LANGUAGE,
  resources: Object.fromEntries(Object.entries(SERVER_CATALOGUES).map(([language, catalogue]) => [language, { translation: catalogue }])),
  initAsync: false,
  interpolation: { escapeValue: false }, // plain-text mails and JSON answers
});

/** The server's texts in `language`, English for any key it lacks. */
export function serverTexts(language: Language): TFunction {
  return i18n.getFixedT(language);
}
