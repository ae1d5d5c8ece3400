/**
 * The API reference's own resolver (web/src/api-docs/local-refs.ts): what it gives Swagger UI for a
 * document like the server's, and which documents it leaves to swagger-client. That its answers
 * equal swagger-client's for every part of the real document is checked in the browser by
 * `BENCH_API_DOCS_COMPARE=1 bun run bench:api-docs`.
 */
import { describe, expect, it } from 'vitest';
import { resolveLocalSubtree } from '../../src/api-docs/local-refs';

const URL = 'http://wishes.example/api/docs/json';

function document(overrides: Record<string, unknown> = {}) {
  return {
    openapi: '3.1.0',
    info: { title: 'Test', version: '1' },
    paths: {
      '/api/v1/domain-configs/{id}': {
        get: {
          operationId: 'getApiV1Domain-configsById',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'Success.' }, '404': { $ref: '#/components/responses/Error404' } },
        },
      },
      '/api/v1/health': { get: { operationId: 'getApiV1Health', responses: { '429': { $ref: '#/components/responses/Error429' } } } },
    },
    components: {
      schemas: { ErrorMessage: { type: 'object', required: ['message'], properties: { message: { type: 'string' } } } },
      responses: {
        Error404: { description: 'Not found.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorMessage' } } } },
        Error429: { description: 'Over a rate limit.', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorMessage' } } } },
      },
      securitySchemes: { apiToken: { type: 'http', scheme: 'bearer' } },
    },
    ...overrides,
  };
}

describe('resolving a part of the API document in the page', () => {
  it('puts each reference’s target in its place, nested ones too, marked with the address it came from', () => {
    const resolved = resolveLocalSubtree(document(), ['paths', '/api/v1/health', 'get'], URL);
    expect(resolved).toEqual({
      errors: [],
      spec: {
        operationId: 'getApiV1Health',
        responses: {
          '429': {
            description: 'Over a rate limit.',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['message'], properties: { message: { type: 'string' } }, $$ref: `${URL}#/components/schemas/ErrorMessage` },
              },
            },
            $$ref: `${URL}#/components/responses/Error429`,
          },
        },
      },
    });
  });

  it('normalises an operationId as swagger-client does and keeps the original beside it', () => {
    const operation = resolveLocalSubtree(document(), ['paths', '/api/v1/domain-configs/{id}', 'get'], URL)!.spec as Record<string, unknown>;
    expect(operation.operationId).toBe('getApiV1Domain_configsById');
    expect(operation.__originalOperationId).toBe('getApiV1Domain-configsById');
    expect(Object.keys(operation)).toEqual(['operationId', 'parameters', 'responses', '__originalOperationId']);
  });

  it('answers parts without references as they are, and null for a part the document lacks', () => {
    expect(resolveLocalSubtree(document(), ['components', 'securitySchemes'], URL)).toEqual({ errors: [], spec: { apiToken: { type: 'http', scheme: 'bearer' } } });
    expect(resolveLocalSubtree(document(), ['paths', '/api/v1/nothing', 'get'], URL)).toEqual({ errors: [], spec: null });
  });

  it('leaves to swagger-client what it would resolve differently', () => {
    const health = ['paths', '/api/v1/health', 'get'];
    const withResponse = (response: unknown) =>
      document({ paths: { '/api/v1/health': { get: { operationId: 'getApiV1Health', responses: { '429': response } } } } });
    const cases: Record<string, unknown> = {
      'an OpenAPI 3.0 document': document({ openapi: '3.0.3' }),
      'security for every operation': document({ security: [{ apiToken: [] }] }),
      'servers for every operation': document({ servers: [{ url: '/' }] }),
      'parameters on a path': document({ paths: { '/api/v1/health': { parameters: [], get: { operationId: 'getApiV1Health', responses: {} } } } }),
      'an operation without an operationId': document({ paths: { '/api/v1/health': { get: { responses: {} } } } }),
      'two operationIds alike once normalised': document({
        paths: { '/a': { get: { operationId: 'get-a', responses: {} } }, '/b': { get: { operationId: 'get_a', responses: {} } } },
      }),
      'a reference to another document': withResponse({ $ref: 'errors.json#/Error429' }),
      'a reference with a sibling': withResponse({ $ref: '#/components/responses/Error429', description: 'Slow down.' }),
      'a reference to nothing': withResponse({ $ref: '#/components/responses/Error500' }),
      'a reference cycle': document({
        components: { responses: { Error429: { $ref: '#/components/responses/Again' }, Again: { $ref: '#/components/responses/Error429' } } },
      }),
    };
    for (const [what, doc] of Object.entries(cases)) expect(resolveLocalSubtree(doc, health, URL), what).toBeUndefined();
  });
});
