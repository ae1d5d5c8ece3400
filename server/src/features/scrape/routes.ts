import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import { CAPTURE_BODY_LIMIT } from '../../http/body-limits';
import type { ScrapeService } from './service';

/**
 * POST /scrape and POST /scrape/page (a page the user's browser captured: accounts only, by
 * session or API token) answer signed-in users and guests holding a list's edit capability; its log is
 * read in features/logs.
 */
export function scrapeRoutes(policies: AccessPolicies, service: ScrapeService) {
  return new Elysia()
    .use(policies)
    .post(
      '/scrape',
      ({ body, caller, http }) => service.scrape(body, { userId: caller.user?.id ?? null, guestListId: caller.guestListId, ip: http.ip }),
      { capabilityOrSignedIn: true, body: t.Object({ url: t.String({ minLength: 1, maxLength: 4096 }), userAgent: t.Optional(t.String({ maxLength: 1000 })) }) },
    )
    .post(
      '/scrape/page',
      ({ body, user, http }) => service.scrapePage(body, { userId: user.id, guestListId: null, ip: http.ip }),
      { signedIn: true, body: t.Object({ url: t.String({ minLength: 1, maxLength: 4096 }), html: t.String({ maxLength: CAPTURE_BODY_LIMIT }) }) },
    );
}
