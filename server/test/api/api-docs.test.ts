/**
 * The OpenAPI document at /api/docs/json and the reference page at /api/docs: the document is
 * valid OpenAPI 3.1 (checked by a maintained validator), lists exactly the routes the app has,
 * with each route's access policy, token scope and `{ message }` errors; the page loads its
 * Swagger UI from this server only, in the domain's colours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ApiClient } from '../support/api-client';
import { printedRouteTable, type PrintedRoute } from '../support/route-table';
import { startTestServer, type TestServer } from '../support/test-server';
import { signUp } from '../support/wishlists';

type Operation = OpenAPIV3_1.OperationObject & { 'x-access-policy': string; 'x-api-token-scope': string };

let server: TestServer;
let routes: PrintedRoute[];
let document: OpenAPIV3_1.Document;

beforeAll(async () => {
  ({ routes } = await printedRouteTable());
  server = await startTestServer();
  const res = await fetch(server.url + '/api/docs/json');
  expect(res.status).toBe(200);
  document = (await res.json()) as OpenAPIV3_1.Document;
});
afterAll(() => server?.stop());

const operations = () =>
  Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
const documentedKey = (route: PrintedRoute) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`;

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every API route the app has, and nothing else', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(operations().map((op) => op.key).sort()).toEqual(routes.map(documentedKey).sort());
  });

  it("gives each operation the route table's policy and token scope, its credentials and the { message } errors", () => {
    const byKey = new Map(operations().map((op) => [op.key, op.operation]));
    for (const route of routes) {
      const operation = byKey.get(documentedKey(route))!;
      const context = documentedKey(route);
      expect({ policy: operation['x-access-policy'], scope: operation['x-api-token-scope'] }, context).toEqual({ policy: route.policy, scope: route.token });
      expect(operation.description, context).toContain(`(\`${route.policy}\`)`);
      expect(Object.keys(operation.responses ?? {}), context).toEqual(expect.arrayContaining(['400', '401', '403', '404', '429']));
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      expect(schemes.includes('apiToken'), context).toBe(route.token !== 'none');
    }
    expect(document.components?.schemas?.ErrorMessage).toEqual(expect.objectContaining({ required: ['message'] }));
    expect(document.components?.securitySchemes?.apiToken).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
  });

  it('comes compressed to a client that accepts it, the same document as uncompressed, and a client holding it is told so (304)', async () => {
    const compressed = await fetch(server.url + '/api/docs/json', { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(await compressed.json()).toEqual(document);
    const plain = await fetch(server.url + '/api/docs/json', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await plain.json()).toEqual(document);
    const again = await fetch(server.url + '/api/docs/json', { headers: { 'if-none-match': compressed.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('documents request bodies from the routes’ own schemas (uploads as forms only)', () => {
    const tokens = operations().find((op) => op.key === 'POST /api/v1/users/tokens')!.operation;
    const schema = (tokens.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json']!.schema as OpenAPIV3_1.SchemaObject;
    expect(schema.required).toEqual(['name', 'scope']);
    expect((schema.properties!.scope as OpenAPIV3_1.SchemaObject).enum).toEqual(['read', 'read-write', 'admin']);
    const upload = operations().find((op) => op.key === 'POST /api/v1/upload')!.operation;
    expect(Object.keys((upload.requestBody as OpenAPIV3_1.RequestBodyObject).content)).toEqual(['multipart/form-data']);
  });
});

describe('the reference page', () => {
  it('loads Swagger UI from this server only, in the domain’s colours and name', async () => {
    const admin = await signUp(server.url, 'Ada Admin');
    const config = await admin.client.post('/domain-configs', {
      hostname: 'gifts.example',
      companyName: 'Gift & Co',
      logoUrl: '/Logo.png',
      primaryColor: '#14532d',
      secondaryColor: '#facc15',
      landingPageHeadline: 'Gifts',
      landingPageSubheadline: 'For everyone',
    });
    expect(config.status, JSON.stringify(config.body)).toBe(201);

    const res = await fetch(server.url + '/api/docs', { headers: { host: 'gifts.example' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>API reference · Gift &amp; Co</title>');
    expect(html).toContain('--ww-primary:#14532d');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.filter((source) => !source.startsWith('/'))).toEqual([]);
    const files = sources.filter((s) => s.startsWith('/api-docs/'));
    expect(files.length).toBeGreaterThan(0);
    for (const source of files) {
      const file = await fetch(server.url + source);
      // Named by their content: kept for good, like the site's own scripts (Swagger UI's bundle is 1.7 MB).
      expect([file.status, file.headers.get('cache-control')], source).toEqual([200, 'public, max-age=31536000, immutable']);
    }
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('an API error has the documented shape', async () => {
    const res = await new ApiClient(server.url).get('/wishlists');
    expect(res.status).toBe(401);
    expect(Object.keys(res.body)).toEqual(['message']);
  });
});
