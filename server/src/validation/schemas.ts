import { t } from 'elysia';
import { LOG_PAGE_SIZE_MAX } from '@wishwell/shared/admin-types';
import { isErrorText, part, text, type ErrorKey, type ErrorParam, type ErrorPartKey, type ErrorText } from '../domain/errors';

/**
 * A schema's own refusal (its `error:`), a catalogue text: Elysia calls it on a mismatch, and the
 * pipeline (and a restore's row check) reads the text back with schemaErrorText.
 */
export const schemaError =
  (key: ErrorKey, params?: Record<string, ErrorParam>) =>
  (): ErrorText =>
    text(key, params);

/** The text a schema's `error:` names (see schemaError) for the refused `value`, or null when it names none. */
export function schemaErrorText(schema: { error?: unknown } | undefined, value?: unknown): ErrorText | null {
  const own = typeof schema?.error === 'function' ? (schema.error as (context: { value: unknown }) => unknown)({ value }) : null;
  return isErrorText(own) ? own : null;
}

/**
 * A text that must not be blank, at most `max` characters (shared/text-limits.ts): refused with
 * the sentence `key` when blank and with its limit (naming `key`) when longer, so an over-long
 * title never reads as a missing one.
 */
export const requiredText = (max: number, key: ErrorPartKey & ErrorKey) =>
  t.String({
    minLength: 1,
    maxLength: max,
    pattern: '\\S',
    error: ({ value }: { value?: unknown } = {}): ErrorText =>
      typeof value === 'string' && value.length > max ? text('atMostCharacters', { what: part(key), max }) : text(key),
  });

/** One of a fixed set of strings (t.UnionEnum would default a missing optional field to the first value). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: ErrorPartKey) =>
  t.Union(
    values.map((value) => t.Literal(value)),
    { error: schemaError('oneOf', { what: part(what), values: values.join(', ') }) },
  ) as unknown as ReturnType<typeof t.Literal<T[number]>>;

/** `/:id` path parameters of every collection route (ids are short; anything longer is not one). */
export const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** `?page=&pageSize=&q=` of the server-paged admin lists (the logs add their own filters). */
export const pagedQueryFields = {
  page: t.Optional(t.Numeric({ minimum: 1, maximum: 1_000_000, multipleOf: 1, error: schemaError('pageNumber') })),
  pageSize: t.Optional(t.Numeric({ minimum: 1, maximum: LOG_PAGE_SIZE_MAX, multipleOf: 1, error: schemaError('pageSize', { max: LOG_PAGE_SIZE_MAX }) })),
  q: t.Optional(t.String({ maxLength: 200 })),
};
