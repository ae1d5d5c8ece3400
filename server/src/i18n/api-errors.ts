import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import { LANGUAGE_FILES } from '@wishwell/locales';
import { serverTexts } from './texts';

const english = LANGUAGE_FILES.en.server;

/** An English error text of the catalogue as a pattern: its {{name}} parts match anything. */
interface ErrorPattern {
  key: string;
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, string>();
const patterns: ErrorPattern[] = [];
for (const [key, text] of Object.entries(english.errors)) {
  if (!text.includes('{{')) exact.set(text, key);
  else patterns.push({ key, pattern: new RegExp(`^${escapeRegExp(text).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)')}$`) });
}
/** Field names and words a text carries in its {{name}} parts ('The description', 'backup'). */
const parts = new Map(Object.entries(english.errorParts).map(([key, text]) => [text, key]));

/** Where a message of several sentences may be cut, each translated on its own (a 429's 'Please try again in 5 minutes.'). */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?=\S)/;

/**
 * An API error message in `language`. Services throw the spec's English text (logs and tests
 * read it); the answer carries its translation when the server catalogue has one, with the
 * parts that vary carried over (translated too when they are catalogue texts or field names).
 * A message of several sentences is translated sentence by sentence when each has its own
 * entry. A text the catalogue lacks stays English.
 */
export function translateError(message: string, language: Language): string {
  if (language === SOURCE_LANGUAGE) return message;
  const whole = translated(message, language);
  if (whole !== null) return whole;
  const sentences = message.split(SENTENCE_BREAK);
  if (sentences.length < 2) return message;
  const each = sentences.map((sentence) => translated(sentence, language));
  return each.every((text): text is string => text !== null) ? each.join(' ') : message;
}

/** The catalogue's translation of one text, or null when it has none. */
function translated(message: string, language: Language): string | null {
  const t = serverTexts(language);
  const key = exact.get(message);
  if (key) return t(`errors.${key}`);
  for (const { key, pattern } of patterns) {
    const values = pattern.exec(message)?.groups;
    if (values) return t(`errors.${key}`, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, translatedPart(value, language)])));
  }
  return null;
}

function translatedPart(value: string, language: Language): string {
  const part = parts.get(value);
  if (part) return serverTexts(language)(`errorParts.${part}`);
  return translated(value, language) ?? value; // a text inside a text ('Scraping failed: {{reason}}')
}
