import { createInstance } from 'i18next';
import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import { fromEachFile } from '@wishwell/shared/language-file';
import { fillPlaceholders, type TOptions } from '@wishwell/shared/placeholders';
import { LANGUAGE_FILES } from '@wishwell/locales';

/** The server's texts in every language: the `server` part of each language file (the web build leaves it out of the browser's bundle). */
export const SERVER_CATALOGUES = fromEachFile(LANGUAGE_FILES, (file) => file.server);

/** A server text by its dotted key, its placeholders filled as plain text (mails and JSON answers). */
export type ServerText = (key: string, values?: TOptions) => string;

const i18n = createInstance();
void i18n.init({
  lng: SOURCE_LANGUAGE,
  fallbackLng: SOURCE_LANGUAGE,
  resources: Object.fromEntries(Object.entries(SERVER_CATALOGUES).map(([language, catalogue]) => [language, { translation: catalogue }])),
  initAsync: false,
});

/**
 * The server's texts in `language`, English for any key it lacks. i18next picks the text (plural
 * forms included); its placeholders are filled as the web app fills its own, so a French mail
 * elides as the page does ("la liste d’Olive").
 */
export function serverTexts(language: Language): ServerText {
  const t = i18n.getFixedT(language);
  return (key, values) => (values ? fillPlaceholders(t(key, { ...values, skipInterpolation: true }), values, language) : t(key));
}
