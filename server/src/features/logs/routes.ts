import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import { pagedQueryFields, schemaError } from '../../validation/schemas';
import type { LogService } from './service';

/** `?page=&pageSize=&q=&status=&from=&to=` of every log. */
const logQuery = t.Object({
  ...pagedQueryFields,
  status: t.Optional(t.Union([t.Literal('success'), t.Literal('failed')], { error: schemaError('logStatus') })),
  from: t.Optional(t.String({ maxLength: 40 })),
  to: t.Optional(t.String({ maxLength: 40 })),
});

/** GET /logs/scrape, /logs/email, /logs/visitors (admin): pages of each log, newest first. */
export function logRoutes(policies: AccessPolicies, logs: LogService) {
  return new Elysia()
    .use(policies)
    .get('/logs/scrape', ({ query }) => logs.scrape(query), { adminOnly: true, query: logQuery })
    .get('/logs/email', ({ query }) => logs.email(query), { adminOnly: true, query: logQuery })
    .get('/logs/visitors', ({ query }) => logs.visitors(query), { adminOnly: true, query: logQuery });
}
