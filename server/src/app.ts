import { Elysia } from 'elysia';
import type { AppContext } from './app-context';
import { ACCESS_POLICY_KEYS, createViewerResolver, routeTable } from './http/access';
import { notFound } from './domain/errors';
import { capabilitiesOf } from './http/cookies';
import { httpPipeline } from './http/pipeline';
import type { Services } from './services';
import { SitePages } from './site/pages';
import { PreviewImages } from './site/preview-image';
import type { OnBlankPage } from './features/item-images/shrink';
import type { Site } from './site/site';
import { uploadedFileRoutes } from './features/uploads/routes';
import { apiDocsRoutes } from './features/api-docs/routes';
import { apiRoutes } from './api-routes';

/** The whole route surface: the pipeline, the API, uploaded files and the site. */
export function createApp(ctx: AppContext, services: Services, site: Site) {
  const api = apiRoutes(ctx, services);
  const pages: SitePages = new SitePages({ site, lists: services.wishlists.lists, domainConfigs: services.domainConfigs, links: services.mailLinks, listeningPort: () => app.server?.port, defaultLanguage: () => services.settings.defaultLanguage(), previews: previewImages(services.scrape.onBlankPage, site), canSendMail: () => services.mailer.configured() });
  const resolveViewer = createViewerResolver(ctx);
  const app = new Elysia()
    .use(httpPipeline(ctx, () => services.settings.defaultLanguage()))
    .use(api)
    .use(apiDocsRoutes(() => apiRoutes(ctx, services), ctx.version, site, services.domainConfigs))
    // Unknown API paths answer 404 JSON, never the app shell: this catches every method but GET,
    // for which the router prefers the site's '/*' (hence the check there too).
    .all('/api/*', () => {
      throw notFound('notFound');
    })
    .use(uploadedFileRoutes(services.uploads))
    // Pages (the landing and share pages rendered on the server) and the built site's files.
    .get('/*', async ({ request, path, http, set }) => {
      if (path.startsWith('/api/')) throw notFound('notFound');
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

/** Link-preview images are drawn in the scraper's headless browser, when there is one. */
function previewImages(onBlankPage: OnBlankPage | null, site: Site): PreviewImages | null {
  return onBlankPage && new PreviewImages(onBlankPage, (urlPath) => site.bytes(urlPath));
}
