// The interactive API reference at /api/docs: Swagger UI (served from this server, never a CDN)
// on the OpenAPI document at /api/docs/json. "Authorize" takes a personal API token; signed in,
// the browser's session cookie works too, and changes then echo the XSRF cookie as the app does.
import { resolveLocalSubtree, type ResolvedSubtree } from './local-refs';

interface SwaggerRequest {
  method?: string;
  headers: Record<string, string>;
}
declare const SwaggerUIBundle: (options: Record<string, unknown>) => unknown;

function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((entry) => entry.startsWith(name + '='));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

interface SwaggerSystem {
  React: { createElement(type: string, props: null, text: string): unknown };
}

/**
 * Swagger UI links each operation's path inside the button that opens it (a link in a button:
 * axe's nested-interactive, and two tab stops for one thing): the path is plain text here, and
 * the address bar still follows the open operation (deepLinking).
 */
const pathsAsText = () => ({
  wrapComponents: {
    DeepLink: (_original: unknown, system: SwaggerSystem) => (props: { text: string }) => system.React.createElement('span', null, props.text),
  },
});

type ResolveSubtree = (document: unknown, path: string[], options?: { baseDoc?: string }) => Promise<ResolvedSubtree>;

/**
 * Resolves the parts Swagger UI shows in plain JavaScript where the document allows
 * (local-refs.ts), instead of swagger-client's ApiDOM resolver, which stays for any other document.
 */
const localRefs = (system: { fn: { resolveSubtree: ResolveSubtree } }) => {
  const swaggerClients = system.fn.resolveSubtree;
  const resolveSubtree: ResolveSubtree = async (document, path, options = {}) => {
    const documentUrl = new URL(options.baseDoc ?? '', location.href);
    documentUrl.hash = '';
    return resolveLocalSubtree(document, path, documentUrl.href) ?? swaggerClients(document, path, options);
  };
  return { fn: { resolveSubtree } };
};

SwaggerUIBundle({
  url: '/api/docs/json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  plugins: [pathsAsText, localRefs],
  docExpansion: 'none',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
  persistAuthorization: false,
  requestInterceptor(request: SwaggerRequest) {
    const xsrf = cookie('XSRF-TOKEN');
    if (xsrf && !request.headers.Authorization) request.headers['X-XSRF-TOKEN'] = xsrf;
    return request;
  },
});
