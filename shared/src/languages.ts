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

/**
 * The language one tag asks for: itself ("pt-BR"), else its primary subtag ("de" for "de-CH"),
 * else a regional language of that primary subtag ("pt-BR" for "pt" or "pt-PT").
 */
function supportedFor(tag: string): Language | null {
  const [primary = '', region] = tag.trim().toLowerCase().split(/[-_]/);
  const codes = Object.keys(LANGUAGES) as Language[];
  return (
    codes.find((code) => region !== undefined && code.toLowerCase() === `${primary}-${region}`) ??
    codes.find((code) => code === primary) ??
    codes.find((code) => code.split('-')[0] === primary) ??
    null
  );
}

/** The first supported language in a preference list ("de-CH", "fr", "pt-BR"). */
export function firstSupported(preferences: readonly string[]): Language | null {
  for (const tag of preferences) {
    const language = supportedFor(tag);
    if (language) return language;
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
