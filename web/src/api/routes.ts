/**
 * The /api/v1 route table as the server declares it, read from the server's own Elysia types:
 * each route's path parameters, query and body (its request schemas) and its answer (what its
 * handler returns). Types only — nothing here reaches the browser bundle.
 */
import type { JsonBytes } from '@wishwell/shared/api-types';
import type { ApiRoutes } from '@wishwell/server/api-types';

type RouteTree = ApiRoutes['~Routes']['api']['v1'];

export type ApiMethod = 'get' | 'post' | 'put' | 'delete';

/** Every path answering `Method`, spelt as the server declares it: '/wishlists/:id'. */
type PathsOf<Tree, Method extends ApiMethod, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Key extends ApiMethod ? (Key extends Method ? Prefix : never) : PathsOf<Tree[Key], Method, `${Prefix}/${Key}`>;
}[keyof Tree & string];

export type ApiPath<Method extends ApiMethod> = PathsOf<RouteTree, Method>;

type Walk<Tree, Path extends string> = Path extends `${infer Head}/${infer Rest}` ? Walk<Tree[Head & keyof Tree], Rest> : Tree[Path & keyof Tree];

type Route<Method extends ApiMethod, Path extends string> = Path extends `/${infer Rest}` ? Walk<Walk<RouteTree, Rest>, Method> : never;

/** Pre-encoded JSON reads back as what was encoded; a raw Response is some other status's answer. */
type Decoded<Answer> = Answer extends JsonBytes<infer Value> ? Value : Answer;

/** What a successful call answers (status 200). */
export type ApiAnswer<Method extends ApiMethod, Path extends ApiPath<Method>> = Decoded<Exclude<Route<Method, Path>['response'][200], Response>>;

/** The request body the route's schema takes (a file field is sent as multipart form data). */
export type ApiBody<Method extends ApiMethod, Path extends ApiPath<Method>> = Route<Method, Path>['body'];

type Part<Key extends string, Value> = [keyof Value] extends [never] ? { [K in Key]?: never } : { [K in Key]: Value };

/** A call's parameters: `params` fills the path's `:names`, `query` the search, `body` the request. */
export type ApiCallOptions<Method extends ApiMethod, Path extends ApiPath<Method>> = Part<'params', Route<Method, Path>['params']> &
  Partial<Part<'query', Route<Method, Path>['query']>> &
  Part<'body', ApiBody<Method, Path>>;

