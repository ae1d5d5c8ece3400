import { Elysia } from 'elysia';
import type { AppContext } from './app-context';
import { accessPolicies, ACCESS_POLICY_KEYS, createViewerResolver, routeTable } from './http/access';
import { notFound } from './http/errors';
import { capabilitiesOf } from './http/cookies';
import { httpPipeline } from './http/pipeline';
import type { Services } from './services';
import { SitePages } from './site/pages';
import type { Site } from './site/site';
import { healthRoutes } from './features/health/routes';
import { domainConfigRoutes } from './features/domain-configs/routes';
import { scrapeRoutes } from './features/scrape/routes';
import { scraperConfigRoutes } from './features/scraper-configs/routes';
import { referralRuleRoutes } from './features/referral-rules/routes';
import { userRoutes } from './features/users/routes';
import { apiTokenRoutes } from './features/api-tokens/routes';
import { oidcRoutes } from './features/oidc/routes';
import { guestListClaimer, wishlistRoutes } from './features/wishlists/routes';
import { uploadedFileRoutes, uploadRoutes } from './features/uploads/routes';
import { adminRoutes } from './features/admin/routes';
import { logRoutes } from './features/logs/routes';
import { adminEventRoutes } from './features/admin-events/routes';
import { backupRoutes } from './features/backup/routes';
import { apiDocsRoutes } from './features/api-docs/routes';

/**
 * The /api/v1 routes. Every route declares exactly one access policy (see http/access.ts);
 * `wishwell routes` prints them as a table, and createApp refuses to build if one does not.
 */
export function apiRoutes(ctx: AppContext, services: Services) {
  const policies = accessPolicies(ctx, services.wishlists.access, services.apiTokens);
  return new Elysia({ prefix: '/api/v1' })
    .use(healthRoutes(policies, ctx))
    .use(domainConfigRoutes(policies, services.domainConfigs))
    .use(userRoutes(policies, services.users, guestListClaimer(services.wishlists.lists), (userId, token, origin) => services.oidc.signOutUrl(userId, token, origin)))
    .use(apiTokenRoutes(policies, services.apiTokens))
    .use(oidcRoutes(policies, ctx.sealer, services.oidc, ctx.config.passwordLogin, guestListClaimer(services.wishlists.lists)))
    .use(wishlistRoutes(policies, services.wishlists))
    .use(uploadRoutes(policies, services.uploads))
    .use(scrapeRoutes(policies, services.scrape.service))
    .use(scraperConfigRoutes(policies, services.scraperConfigs))
    .use(referralRuleRoutes(policies, services.referralRules))
    .use(adminRoutes(policies, services.admin, services.wishlists.lists))
    .use(logRoutes(policies, services.logs))
    .use(adminEventRoutes(policies, services.adminEvents.hub))
    .use(backupRoutes(policies, services.backups, ctx.config.dataDir));
}

/** The whole route surface: the pipeline, the API, uploaded files and the site. */
export function createApp(ctx: AppContext, services: Services, site: Site) {
  const api = apiRoutes(ctx, services);
  const pages = new SitePages({ site, lists: services.wishlists.lists, domainConfigs: services.domainConfigs });
  const resolveViewer = createViewerResolver(ctx);
  const app = new Elysia()
    .use(httpPipeline(ctx))
    .use(api)
    .use(apiDocsRoutes(() => apiRoutes(ctx, services), ctx.version, site, services.domainConfigs))
    // Unknown API paths answer 404 JSON, never the app shell: this catches every method but GET,
    // for which the router prefers the site's '/*' (hence the check there too).
    .all('/api/*', () => {
      throw notFound();
    })
    .use(uploadedFileRoutes(services.uploads))
    // Pages (the landing and share pages rendered on the server) and the built site's files.
    .get('/*', async ({ request, path, http, set }) => {
      if (path.startsWith('/api/')) throw notFound();
      // The share page of a list in surprise mode is rendered for its owner without purchases: who is asking matters then.
      const caller = async () => ({ user: await resolveViewer(request, http).catch(() => null), capabilities: capabilitiesOf(http.cookies) });
      const answer = await pages.respond(path, http.origin, request, set.headers as Record<string, string>, caller);
      if (!answer) return new Response('Not found', { status: 404 });
      // Page views go to the visitor log (off the request path).
      if (answer.page) services.pageViews.record(request, path, http, answer.response);
      return answer.response;
    });
  assertEveryApiRouteHasAPolicy(app);
  return app;
}

function assertEveryApiRouteHasAPolicy(app: Elysia<any, any, any, any, any, any, any>): void {
  const missing = routeTable(app).find((route) => route.policy === null);
  if (missing) throw new Error(`${missing.method} ${missing.path} must declare exactly one access policy (${ACCESS_POLICY_KEYS.join(', ')})`);
}
