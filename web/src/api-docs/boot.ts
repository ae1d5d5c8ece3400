// The interactive API reference at /api/docs: Swagger UI (served from this server, never a CDN)
// on the OpenAPI document at /api/docs/json. "Authorize" takes a personal API token; signed in,
// the browser's session cookie works too, and changes then echo the XSRF cookie as the app does.
interface SwaggerRequest {
  method?: string;
  headers: Record<string, string>;
}
declare const SwaggerUIBundle: (options: Record<string, unknown>) => unknown;

function cookie(name: string): string | null {
  const match = document.cookie.split('; ').find((entry) => entry.startsWith(name + '='));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

SwaggerUIBundle({
  url: '/api/docs/json',
  dom_id: '#swagger-ui',
  deepLinking: true,
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
