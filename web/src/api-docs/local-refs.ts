// Swagger UI resolves each part of the document it shows (the security schemes as the page starts,
// an operation when it is opened) through swagger-client, whose OpenAPI 3.1 resolver turns the
// whole document into ApiDOM elements and back on every call: a third of a second per operation on
// a desktop, a second or more on a phone, for a document whose only references are the shared
// error answers. For a document like that, resolving comes down to putting each local `$ref`'s
// target in its place; this does it in plain JavaScript and gives what swagger-client gives (each
// target marked with `$$ref`, the address it came from; operationIds normalised with the original
// kept as `__originalOperationId`). For any document it cannot resolve the same way it answers
// undefined, and swagger-client resolves it.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface ResolvedSubtree {
  spec: Json;
  errors: never[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const LOCAL = '#/';

/** Not resolvable here (a reference from outside, a cycle, a reference with siblings): swagger-client's turn. */
class NotLocal extends Error {}

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The part of `document` at `path`, its references resolved, or undefined when swagger-client must
 * resolve it. `documentUrl` is the document's absolute address (the `$$ref` marks start with it).
 */
export function resolveLocalSubtree(document: unknown, path: string[], documentUrl: string): ResolvedSubtree | undefined {
  if (!isObject(document) || !inheritsNothing(document)) return undefined;
  const operationIds = normalisedOperationIds(document);
  if (!operationIds) return undefined;
  const subtree = path.reduce<Json | undefined>((node, key) => (isObject(node) || Array.isArray(node) ? (node as JsonObject)[key] : undefined), document);
  try {
    const resolved = subtree === undefined ? null : resolve(subtree, document, documentUrl, []);
    return { spec: path[0] === 'paths' && path.length === 3 && isObject(resolved) ? withOperationId(resolved, operationIds) : resolved, errors: [] };
  } catch (error) {
    if (error instanceof NotLocal) return undefined;
    throw error;
  }
}

/**
 * OpenAPI 3.1 with nothing that swagger-client's normalising would copy into an operation: no
 * top-level security or servers, no path-level parameters or servers.
 */
function inheritsNothing(document: JsonObject): boolean {
  if (typeof document.openapi !== 'string' || !document.openapi.startsWith('3.1.')) return false;
  if ('security' in document || 'servers' in document || !isObject(document.paths)) return false;
  return Object.values(document.paths).every((item) => isObject(item) && !('parameters' in item) && !('servers' in item) && !('$ref' in item));
}

/**
 * Each operation's normalised operationId, by its original (swagger-client replaces anything but
 * letters, digits and `_`), or undefined when an operation has none or two would end up the same
 * (swagger-client then numbers them).
 */
function normalisedOperationIds(document: JsonObject): Map<string, string> | undefined {
  const ids = new Map<string, string>();
  for (const item of Object.values(document.paths as JsonObject)) {
    for (const [method, operation] of Object.entries(item as JsonObject)) {
      if (!METHODS.includes(method)) continue;
      const id = isObject(operation) ? operation.operationId : undefined;
      if (typeof id !== 'string' || id.trim() === '') return undefined;
      ids.set(id, id.replace(/\W/g, '_'));
    }
  }
  return new Set(ids.values()).size === ids.size ? ids : undefined;
}

function withOperationId(operation: JsonObject, operationIds: Map<string, string>): JsonObject {
  const original = operation.operationId as string;
  const normalised = operationIds.get(original)!;
  return normalised === original ? operation : { ...operation, operationId: normalised, __originalOperationId: original };
}

/** A copy of `node` with every `$ref` replaced by its target and marked with where it came from. */
function resolve(node: Json, document: JsonObject, documentUrl: string, followed: string[]): Json {
  if (Array.isArray(node)) return node.map((entry) => resolve(entry, document, documentUrl, followed));
  if (!isObject(node)) return node;
  if (!('$ref' in node)) return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolve(value, document, documentUrl, followed)]));
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith(LOCAL) || Object.keys(node).length > 1 || followed.includes(ref)) throw new NotLocal();
  const target = pointer(document, ref);
  if (!isObject(target)) throw new NotLocal();
  return { ...(resolve(target, document, documentUrl, [...followed, ref]) as JsonObject), $$ref: documentUrl + ref };
}

/** The value a local JSON pointer (`#/components/schemas/ErrorMessage`) leads to. */
function pointer(document: JsonObject, ref: string): Json | undefined {
  return ref
    .slice(LOCAL.length)
    .split('/')
    .map((token) => decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json | undefined>((node, key) => (isObject(node) || Array.isArray(node) ? (node as JsonObject)[key] : undefined), document);
}
