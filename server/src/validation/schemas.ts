import { t } from 'elysia';
import { LOG_PAGE_SIZE_MAX } from '@wishwell/shared/admin-types';

/** One of a fixed set of strings (t.UnionEnum would default a missing optional field to the first value). */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  t.Union(
    values.map((value) => t.Literal(value)),
    { error: `${what} must be one of: ${values.join(', ')}.` },
  ) as unknown as ReturnType<typeof t.Literal<T[number]>>;

/** `/:id` path parameters of every collection route (ids are short; anything longer is not one). */
export const idParams = t.Object({ id: t.String({ maxLength: 64 }) });

/** `?page=&pageSize=&q=` of the server-paged admin lists (the logs add their own filters). */
export const pagedQueryFields = {
  page: t.Optional(t.Numeric({ minimum: 1, maximum: 1_000_000, multipleOf: 1, error: 'page must be a whole number from 1.' })),
  pageSize: t.Optional(t.Numeric({ minimum: 1, maximum: LOG_PAGE_SIZE_MAX, multipleOf: 1, error: `pageSize must be from 1 to ${LOG_PAGE_SIZE_MAX}.` })),
  q: t.Optional(t.String({ maxLength: 200 })),
};
