import { t } from 'elysia';

/** `/:id` path parameters of every collection route (ids are short; anything longer is not one). */
export const idParams = t.Object({ id: t.String({ maxLength: 64 }) });
