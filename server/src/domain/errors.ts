import { SOURCE_LANGUAGE, type Language } from '@wishwell/shared/languages';
import type { LANGUAGE_FILES } from '@wishwell/locales';
import { SERVER_CATALOGUES, serverTexts } from '../i18n/texts';

type ServerCatalogue = (typeof LANGUAGE_FILES)['en']['server'];
/** A text of the server's error catalogue (locales/*: server.errors). */
export type ErrorKey = keyof ServerCatalogue['errors'];
/** A field name or word an error text names (server.errorParts), translated with it. */
export type ErrorPartKey = keyof ServerCatalogue['errorParts'];

/** A part of an error text that varies: a value carried over as it is, a field name, or a text of its own. */
export type ErrorParam = string | number | { part: ErrorPartKey } | ErrorText;
export interface ErrorText {
  key: ErrorKey;
  params?: Record<string, ErrorParam>;
}

/** What went wrong, as the caller should understand it; the HTTP edge alone turns it into a status. */
export type ErrorKind =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unprocessable'
  | 'too-many'
  | 'upstream-failed'
  | 'unavailable'
  | 'storage-full';

/**
 * A refusal a caller may read: a kind and catalogue texts (several make one message of several
 * sentences). Its message is the English text, for logs and tests.
 */
export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly texts: readonly ErrorText[],
    /** When the caller may try again (too-many, unavailable). */
    readonly retryAfterSeconds?: number,
  ) {
    super(errorMessage(texts, SOURCE_LANGUAGE));
    this.name = 'DomainError';
  }

  /** The message in `language` (English for any text its catalogue lacks). */
  in(language: Language): string {
    return errorMessage(this.texts, language);
  }
}

export const text = (key: ErrorKey, params?: Record<string, ErrorParam>): ErrorText => ({ key, params });
export const part = (key: ErrorPartKey): ErrorParam => ({ part: key });

/** Whether `name` (a request field's) has a translated name in server.errorParts. */
export const isErrorPart = (name: string): name is ErrorPartKey => Object.hasOwn((SERVER_CATALOGUES[SOURCE_LANGUAGE] as ServerCatalogue).errorParts, name);

/** A catalogue text in English, as the source has it. */
export const englishText = (key: ErrorKey, params?: Record<string, ErrorParam>) => errorMessage([text(key, params)], SOURCE_LANGUAGE);

/** A catalogue text in `language` (a message that is no refusal, such as the 500's). */
export const textIn = (language: Language, key: ErrorKey, params?: Record<string, ErrorParam>) => errorMessage([text(key, params)], language);

/** Whether `value` is a catalogue text (a request schema's `error:`, read back from Elysia's validation error). */
export function isErrorText(value: unknown): value is ErrorText {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

/** Texts as one message in `language` (English for any text its catalogue lacks). */
export function errorMessage(texts: readonly ErrorText[], language: Language): string {
  return texts.map((each) => rendered(each, language)).join(' ');
}

function rendered({ key, params = {} }: ErrorText, language: Language): string {
  const values = Object.fromEntries(Object.entries(params).map(([name, value]) => [name, renderedParam(value, language)]));
  return serverTexts(language)(`errors.${key}`, values);
}

function renderedParam(value: ErrorParam, language: Language): string {
  if (typeof value !== 'object') return String(value);
  if ('part' in value) return serverTexts(language)(`errorParts.${value.part}`);
  return rendered(value, language);
}

const refusal =
  (kind: ErrorKind) =>
  (key: ErrorKey, params?: Record<string, ErrorParam>): DomainError =>
    new DomainError(kind, [text(key, params)]);

export const invalid = refusal('invalid');
export const unauthorized = refusal('unauthorized');
export const forbidden = refusal('forbidden');
export const notFound = refusal('not-found');
export const conflict = refusal('conflict');
export const tooLarge = refusal('too-large');
export const unprocessable = refusal('unprocessable');
export const upstreamFailed = refusal('upstream-failed');
export const unavailable = refusal('unavailable');
export const storageFull = refusal('storage-full');
/** A limit reached: its own text, then when to try again (also said in seconds, for Retry-After). */
export const tooMany = (texts: ErrorText[], retryAfterSeconds?: number) => new DomainError('too-many', texts, retryAfterSeconds);

/** Runs `rules`; a refusal they throw is put inside the text `key` as its {{problem}} ("Row 7: …"). */
export function refusalWithin<T>(key: ErrorKey, params: Record<string, ErrorParam>, rules: () => T): T {
  try {
    return rules();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const [first, ...rest] = error.texts;
    throw new DomainError(error.kind, [text(key, { ...params, problem: first! }), ...rest], error.retryAfterSeconds);
  }
}

/** Catalogue texts as one message in `language` (texts that are not refusals: what an import left out). */
export const textsIn = (texts: readonly ErrorText[], language: Language): string => errorMessage(texts, language);
