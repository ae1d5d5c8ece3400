import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../http/access';
import type { ScrapeService } from './service';

/**
 * POST /scrape answers signed-in users and guests holding a list's edit capability; its log is
 * read in features/logs.
 */
export function scrapeRoutes(policies: AccessPolicies, service: ScrapeService) {
  return new Elysia()
    .use(policies)
    .post(
      '/scrape',
      ({ body, caller, http }) => service.scrape(body, { userId: caller.user?.id ?? null, guestListId: caller.guestListId, ip: http.ip }),
      { capabilityOrSignedIn: true, body: t.Object({ url: t.String({ minLength: 1, maxLength: 4096 }), userAgent: t.Optional(t.String({ maxLength: 1000 })) }) },
    );
}
