/**
 * French elision where a text meets a value it is filled with: "la liste de {{name}}" reads
 * "la liste d’Olive" and "la liste de Marc" (so do "le" and "que": "l’iPhone", "qu’Anna"). Written texts already elide themselves; only the words
 * before a placeholder cannot know what follows. A leading h counts as mute (names: Hugo, Hélène).
 */
const ELIDING = /(^|[\s(«])([Dd]e|[Ll]e|[Qq]ue) $/u;
const OPENS_WITH_VOWEL = /^[aeiouyhàâäéèêëîïôöùûüœæ]/iu;

/** `before` (the text up to a placeholder) as it must read in `language` when `value` follows it. */
export function elidedBefore(language: string, before: string, value: string): string {
  if (language !== 'fr' || !OPENS_WITH_VOWEL.test(value)) return before;
  return before.replace(ELIDING, (_, start: string, word: string) => `${start}${word.slice(0, -1)}’`);
}
