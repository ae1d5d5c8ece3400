import type { Language } from '@wishwell/shared/languages';
import en from './locales/en';

/** A catalogue: texts by key, grouped by area. */
export interface Translation {
  [key: string]: string | Translation;
}

/**
 * How the browser gets each catalogue: English (the source and fallback) is in the main bundle,
 * every other language is its own chunk, loaded only when that language is chosen.
 */
export const CATALOGUES: Record<Language, () => Promise<Translation>> = {
  en: () => Promise.resolve(en),
  de: () => import('./locales/de').then((module) => module.default),
  fr: () => import('./locales/fr').then((module) => module.default),
  es: () => import('./locales/es').then((module) => module.default),
};
