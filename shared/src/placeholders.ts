import { elidedBefore } from './elision';

/** What fills a text's `{{name}}` placeholders; a number `count` also picks the plural form. */
export type TOptions = Record<string, unknown>;

const PLACEHOLDER = /{{\s*([^{}]+?)\s*}}/g;

/**
 * Fills each `{{name}}` of `text` with its value as plain text ('' when missing); values are never
 * read for placeholders again. French elides the word before a value that opens with a vowel
 * ("d’Olive"). The web app and the server's texts (mails, errors) both fill theirs here.
 */
export function fillPlaceholders(text: string, values: TOptions, language: string): string {
  let filled = '';
  let end = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const value = values[match[1]!];
    const shown = value === undefined || value === null ? '' : String(value);
    filled = elidedBefore(language, filled + text.slice(end, match.index), shown) + shown;
    end = match.index + match[0].length;
  }
  return filled + text.slice(end);
}
