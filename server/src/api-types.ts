/**
 * The package's type-only entry (`@wishwell/server/api-types`): the /api/v1 route table as Elysia
 * declares it, for the web app's typed client. Types only, so nothing of the server reaches the
 * browser bundle, and it names the API routes alone, so the server's pages are not part of it.
 */
import type { apiRoutes } from './api-routes';

export type ApiRoutes = ReturnType<typeof apiRoutes>;
