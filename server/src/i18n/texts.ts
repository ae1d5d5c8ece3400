import { createInstance, type TFunction } from 'i18next';
import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import { fromEachFile } from '@wishwell/shared/language-file';
import { LANGUAGE_FILES } from '@wishwell/locales';

/** The server's texts in every language: the `server` part of each language file (the web build leaves it out of the browser's bundle). */
export const SERVER_CATALOGUES = fromEachFile(LANGUAGE_FILES, (file) => file.server);

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
