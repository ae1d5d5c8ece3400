import { Elysia, t } from 'elysia';
import { LOG_PAGE_SIZE_MAX } from '@wishwell/shared/admin-types';
import type { AccessPolicies } from '../../http/access';
import type { LogService } from './service';

/** `?page=&pageSize=&q=&status=&from=&to=` of every log. */
const logQuery = t.Object({
  page: t.Optional(t.Numeric({ minimum: 1, maximum: 1_000_000, multipleOf: 1, error: 'page must be a whole number from 1.' })),
  pageSize: t.Optional(t.Numeric({ minimum: 1, maximum: LOG_PAGE_SIZE_MAX, multipleOf: 1, error: `pageSize must be from 1 to ${LOG_PAGE_SIZE_MAX}.` })),
  q: t.Optional(t.String({ maxLength: 200 })),
  status: t.Optional(t.Union([t.Literal('success'), t.Literal('failed')], { error: 'status must be success or failed.' })),
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
