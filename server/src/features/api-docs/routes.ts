import { Elysia, type AnyElysia } from 'elysia';
import type { DomainConfigService } from '../domain-configs/service';
import type { Site, SiteAsset } from '../../site/site';
import { escapeHtml } from '../../site/share-preview';
import type { RequestInfo } from '../../http/request-info';
import { themeStyleSheet } from '@wishwell/web/ssr';
import { apiDocument } from '../../http/openapi-document';

const DOCS_PAGE = '/api-docs.html';

/**
 * GET /api/docs/json: the OpenAPI 3.1 document of the API (built and compressed once, on first
 * request: the routes never change while the server runs; 154 KB, 7 KB as brotli, on the page's
 * critical path after Swagger UI's bundle). `standaloneApi` makes the /api/v1 routes apart from the
 * running app: the generator reads request bodies' content types from the parser hooks, which
 * the app's own body reader replaces with one it cannot see into. GET /api/docs: the interactive reference (Swagger UI from the built
 * site, no CDN) in the domain's colours, with its logo and name. Both public, like the API's shape.
 */
export function apiDocsRoutes(standaloneApi: () => AnyElysia, version: string, site: Site, domainConfigs: DomainConfigService) {
  let document: Promise<SiteAsset> | undefined;
  return new Elysia()
    .get('/api/docs/json', async ({ request, set }) => {
      document ??= site.prepare(JSON.stringify(apiDocument(standaloneApi(), version)), 'json');
      return site.respondPrepared(await document, request, set.headers as Record<string, string>);
    })
    .get('/api/docs', async (context) => {
      const { request, set, http } = context as typeof context & { http: RequestInfo }; // the pipeline's, derived globally
      const config = await domainConfigs.publicConfig(new URL(http.origin).hostname);
      const html = site
        .text(DOCS_PAGE)
        .replace('<title>API reference</title>', `<title>API reference · ${escapeHtml(config.companyName)}</title>`)
        .replace('<!-- brand -->', `<style>${themeStyleSheet(config, 'light')}</style>`)
        .replace('<!-- logo -->', `<img src="${escapeHtml(config.logoUrl)}" alt="${escapeHtml(config.companyName)}">`);
      return site.respondHtml(html, request, set.headers as Record<string, string>);
    });
}
