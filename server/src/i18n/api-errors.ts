import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import en from './locales/en';
import { serverTexts } from './texts';

/** An English error text of the catalogue as a pattern: its {{name}} parts match anything. */
interface ErrorPattern {
  key: string;
  pattern: RegExp;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, string>();
const patterns: ErrorPattern[] = [];
for (const [key, text] of Object.entries(en.errors)) {
  if (!text.includes('{{')) exact.set(text, key);
  else patterns.push({ key, pattern: new RegExp(`^${escapeRegExp(text).replace(/\\\{\\\{(\w+)\\\}\\\}/g, '(?<$1>.+?)')}$`) });
}

/**
 * An API error message in `language`. Services throw the spec's English text (logs and tests
 * read it); the answer carries its translation when the server catalogue has one, with the
 * parts that vary (amounts, addresses) carried over. A text the catalogue lacks stays English.
 */
export function translateError(message: string, language: Language): string {
  if (language === SOURCE_LANGUAGE) return message;
  const key = exact.get(message);
  if (key) return serverTexts(language)(`errors.${key}`);
  for (const { key, pattern } of patterns) {
    const values = pattern.exec(message)?.groups;
    if (values) return serverTexts(language)(`errors.${key}`, values);
  }
  return message;
}
