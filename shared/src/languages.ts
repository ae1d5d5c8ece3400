import { LANGUAGE_NAMES } from '@wishwell/locales';
import { cookieValue } from './cookies';

/**
 * The languages Wishwell speaks, each named in itself: one per file in locales/ (see
 * docs/translating.md). English is the source.
 */
export const LANGUAGES = LANGUAGE_NAMES;

export type Language = keyof typeof LANGUAGES;
export const SOURCE_LANGUAGE: Language = 'en';
/** The cookie the footer's language menu sets, so server-rendered pages come in that language. */
export const LANGUAGE_COOKIE = 'ww_lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && Object.hasOwn(LANGUAGES, value);
}

/** The first supported language in a preference list ("de-CH", "fr"), by its primary subtag. */
export function firstSupported(preferences: readonly string[]): Language | null {
  for (const tag of preferences) {
    const primary = tag.trim().split(/[-_]/)[0]!.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** An Accept-Language header's tags, most wanted first ("de-DE,de;q=0.9,en;q=0.8"); q=0 tags dropped. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language of a request: the chosen one (cookie), else the best the browser accepts, else the site's default (English unless an admin chose another). */
export function requestLanguage(cookieHeader: string | null | undefined, acceptLanguage: string | null | undefined, fallback: Language = SOURCE_LANGUAGE): Language {
  const chosen = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  return firstSupported(acceptedLanguages(acceptLanguage)) ?? fallback;
}
