import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import type { Translation } from './catalogues';
import en from './locales/en';

/**
 * An i18next instance speaking `language` from `catalogue`, English underneath for any key it
 * lacks. Initialised synchronously (the catalogue is already in memory), so the first render, on
 * the server or in the browser, is already in the right language.
 */
export function createI18n(language: Language, catalogue: Translation): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: SOURCE_LANGUAGE,
    resources: { en: { translation: en }, [language]: { translation: catalogue } },
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: false },
  });
  return instance;
}
