import { toOpenAPISchema } from '@elysiajs/openapi';
import type { AnyElysia } from 'elysia';
import type { OpenAPIV3_1 } from 'openapi-types';
import { API_TOKEN_PREFIX } from '@wishwell/shared/api-token-types';
import { policyDescription, routeTable, tokenRequirement, type AccessPolicyName, type TokenRequirement } from './access';
import { SESSION_COOKIE } from './cookies';

type Operation = OpenAPIV3_1.OperationObject & { 'x-access-policy'?: AccessPolicyName; 'x-api-token-scope'?: TokenRequirement };

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'Invalid input; the message says what to change.',
  '401': 'Not signed in, or the API token is unknown, expired or revoked.',
  '403': 'Signed in, but not allowed: another account, a disabled account, or an API token short of the scope the route needs.',
  '404': 'Not found (or not yours to see).',
  '429': 'Over a rate limit; Retry-After says when to try again.',
};

const API_PREFIX = '/api/v1/';

/** `/api/v1/wishlists/:id` as OpenAPI writes it: `/api/v1/wishlists/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

/**
 * The OpenAPI 3.1 document of the /api/v1 routes: paths, parameters and bodies generated from the
 * routes' own schemas by @elysiajs/openapi, then each operation given its access policy (who may
 * call it, the API token scope it needs, the credentials it takes) and the `{ message }` errors.
 */
export function apiDocument(api: AnyElysia, version: string): OpenAPIV3_1.Document {
  const generated = toOpenAPISchema(api, undefined, undefined, undefined, '3.1.0');
  const paths = Object.fromEntries(Object.entries(generated.paths).filter(([path]) => path.startsWith(API_PREFIX)));
  const policies = new Map(routeTable(api).map((route) => [`${route.method} ${openApiPath(route.path)}`, route.policy]));
  const tags = new Set<string>();
  for (const [path, item] of Object.entries(paths as Record<string, Record<string, Operation>>)) {
    for (const [method, operation] of Object.entries(item)) {
      const policy = policies.get(`${method.toUpperCase()} ${path}`);
      if (!policy) throw new Error(`${method.toUpperCase()} ${path} has no access policy to document`);
      const tag = path.split('/')[3]!;
      tags.add(tag);
      describeAccess(operation, policy, method.toUpperCase(), path, tag);
      uploadsAsFormsOnly(operation);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Wishwell API',
      version,
      description: [
        'The API the Wishwell site itself uses. Scripts authenticate with a personal API token',
        `(created in My Account > API tokens, starting \`${API_TOKEN_PREFIX}\`) sent as \`Authorization: Bearer <token>\`.`,
        'Each operation names its access policy and the token scope it needs. Every error is JSON `{ "message": "..." }`.',
      ].join(' '),
    },
    tags: [...tags].map((name) => ({ name })),
    paths: paths as OpenAPIV3_1.PathsObject,
    components: {
      schemas: {
        ...(generated.components.schemas as Record<string, OpenAPIV3_1.SchemaObject>),
        ErrorMessage: {
          type: 'object',
          required: ['message'],
          properties: { message: { type: 'string', description: 'What went wrong, in words a person can act on.' } },
        },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorMessage' } } } },
        ]),
      ),
      securitySchemes: {
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_TOKEN_PREFIX}… personal API token`,
          description: 'A personal API token from My Account > API tokens: read, read-write or (admins) admin scope.',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'The browser session after signing in; changes also need the X-XSRF-TOKEN header echoing the XSRF-TOKEN cookie.',
        },
      },
    },
  };
}

function describeAccess(operation: Operation, policy: AccessPolicyName, method: string, path: string, tag: string): void {
  const scope = tokenRequirement(policy, method, path);
  const token = scope === 'none' ? 'refused here (sign in in the browser)' : `needs the \`${scope}\` scope`;
  operation.tags = [tag];
  operation.description = [`**Who may call:** ${policyDescription(policy)} (\`${policy}\`).`, `**Personal API token:** ${token}.`, operation.description]
    .filter(Boolean)
    .join('\n\n');
  operation['x-access-policy'] = policy;
  operation['x-api-token-scope'] = scope;
  operation.security = securityOf(policy, scope);
  operation.responses = {
    ...(operation.responses ?? { '200': { description: 'Success.' } }),
    ...Object.fromEntries(Object.keys(ERROR_RESPONSES).map((status) => [status, { $ref: `#/components/responses/Error${status}` }])),
  };
}

/** A body carrying a file (an upload) can only be sent as multipart/form-data. */
function uploadsAsFormsOnly(operation: Operation): void {
  const body = operation.requestBody as OpenAPIV3_1.RequestBodyObject | undefined;
  const form = body?.content['multipart/form-data'];
  const properties = (form?.schema as OpenAPIV3_1.SchemaObject | undefined)?.properties ?? {};
  const files = Object.values(properties).filter((property): property is OpenAPIV3_1.SchemaObject => (property as OpenAPIV3_1.SchemaObject).format === 'binary');
  if (!body || !form || files.length === 0) return;
  for (const file of files) delete file.default; // the generator's placeholder, not a value anyone could send
  body.content = { 'multipart/form-data': form };
}

/** Which credentials an operation takes: none needed on public routes, the session only where tokens are refused. */
function securityOf(policy: AccessPolicyName, scope: TokenRequirement): OpenAPIV3_1.SecurityRequirementObject[] {
  if (scope === 'none') return policy === 'signInRoute' ? [{}] : [{ session: [] }];
  const credentials: OpenAPIV3_1.SecurityRequirementObject[] = [{ apiToken: [] }, { session: [] }];
  return policy === 'publicRoute' ? [{}, ...credentials] : credentials;
}
