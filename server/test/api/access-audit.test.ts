/**
 * Access you can audit: every route has a policy (and docs/operating/api.md shows the same table), every
 * non-public route refuses each wrong caller, through the cookie and the bearer path, and every
 * route refuses personal API tokens that are revoked, expired or short of the scope it needs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient, type ApiResponse } from '../support/api-client';
import { createApiToken, expiredApiToken, revokedApiToken } from '../support/api-tokens';
import { printedRouteTable, type PrintedRoute } from '../support/route-table';
import { ManualClock } from '../support/manual-clock';
import { startTestServer, type TestServer } from '../support/test-server';
import { addEditor, addItem, guestWithList, signUp, type Account } from '../support/wishlists';

const ROUTE_TABLE_DOC = join(import.meta.dirname, '..', '..', '..', 'docs', 'operating', 'api.md');

let table: Awaited<ReturnType<typeof printedRouteTable>>;
let server: TestServer;
/** The server's clock: tokens expire when the test moves it past their date. */
const clock = new ManualClock();
let admin: Account;
let owner: Account;
let editor: Account;
let stranger: Account;
let otherGuest: ApiClient;
let listId: string;
let itemId: string;
let circleId: string;

beforeAll(async () => {
  table = await printedRouteTable();
  server = await startTestServer({ clock });
  admin = await signUp(server.url, 'Admin'); // the first account is the admin; everyone below is not
  owner = await signUp(server.url, 'Olivia Owner');
  editor = await signUp(server.url, 'Eddie Editor');
  stranger = await signUp(server.url, 'Sam Stranger');
  otherGuest = (await guestWithList(server.url)).client;
  listId = (await owner.client.post<Wishlist>('/wishlists', { name: 'Birthday', theme: 'Birthday' })).body._id;
  await addEditor(server.output, owner, listId, editor);
  itemId = (await addItem(owner.client, listId))._id;
  // The owner runs a circle the list is shared with and sees its suggestions: their read tokens reach every circle route.
  circleId = (await owner.client.post<{ _id: string }>('/circles', { name: 'Family' })).body._id;
  await owner.client.put(`/circles/${circleId}/lists`, { wishlistIds: [listId] });
  await owner.client.put(`/wishlists/${listId}/show-suggestions`, { show: true });
});
afterAll(() => server?.stop());

describe('the route table', () => {
  it('gives every API route exactly one access policy', () => {
    expect(table.routes.length).toBeGreaterThan(30);
    const unguarded = table.routes.filter((route) => !route.policy || route.policy === 'NO');
    expect(unguarded).toEqual([]);
  });

  it('is the table docs/operating/api.md shows (run `bun run routes:readme` after adding a route)', async () => {
    const doc = await Bun.file(ROUTE_TABLE_DOC).text();
    expect(doc).toContain(`<!-- routes:start -->\n\`\`\`text\n${table.text}\n\`\`\`\n<!-- routes:end -->`);
  });
});

const PUBLIC_POLICIES = ['publicRoute', 'signInRoute'];

type Role = { name: string; expected: 401 | 403; call: (method: string, path: string) => Promise<ApiResponse> };

const viaCookie = (account: () => Account) => (method: string, path: string) => account().client.call(method, path, bodyFor(method));
const viaBearer = (account: () => Account) => (method: string, path: string) =>
  new ApiClient(server.url).call(method, path, bodyFor(method), { bearer: account().token });
const anonymous = (method: string, path: string) => new ApiClient(server.url).call(method, path, bodyFor(method));
const bodyFor = (method: string) => (method === 'POST' || method === 'PUT' ? {} : undefined);

/** The wrong callers for each policy, with the status each must get. */
function wrongRoles(policy: string): Role[] {
  const signedOut: Role[] = [
    { name: 'signed out', expected: 401, call: anonymous },
    {
      name: 'a forged bearer token',
      expected: 401,
      call: (method, path) => new ApiClient(server.url).call(method, path, bodyFor(method), { bearer: `${owner.token.slice(0, -4)}AAAA` }),
    },
  ];
  const forgedCapability: Role = {
    name: 'a forged capability cookie',
    expected: 401,
    call: (method, path) => {
      const client = new ApiClient(server.url);
      client.cookies.set(`wl_cap_${listId}`, 'forged-capability-secret');
      client.cookies.set('XSRF-TOKEN', 'matching-xsrf-token');
      return client.call(method, path, bodyFor(method));
    },
  };
  const otherUser: Role[] = [
    { name: 'another user (cookie)', expected: 403, call: viaCookie(() => stranger) },
    { name: 'another user (bearer)', expected: 403, call: viaBearer(() => stranger) },
  ];
  const anotherListsCapability: Role = {
    name: "another list's capability",
    expected: 401,
    call: (method, path) => otherGuest.call(method, path, bodyFor(method)),
  };
  const editorRoles: Role[] = [
    { name: 'an editor (cookie)', expected: 403, call: viaCookie(() => editor) },
    { name: 'an editor (bearer)', expected: 403, call: viaBearer(() => editor) },
  ];
  const ownReadWriteToken: Role = { name: "the account's own read-write API token", expected: 403, call: viaBearer(() => ({ ...owner, token: ownerTokens.readWrite })) };
  switch (policy) {
    case 'signedIn':
      return signedOut;
    case 'sessionOnly':
      return [...signedOut, ownReadWriteToken];
    case 'adminOnly':
      return [...signedOut, ...otherUser];
    case 'capabilityOrSignedIn':
      return [...signedOut, forgedCapability];
    case 'listEditor':
      return [...signedOut, ...otherUser, anotherListsCapability];
    case 'listOwner':
      return [...signedOut, ...otherUser, anotherListsCapability, ...editorRoles];
    case 'listOwnerInSession':
      return [...signedOut, ...otherUser, anotherListsCapability, ...editorRoles, ownReadWriteToken];
    case 'circleMember':
    case 'circleCreator':
      return [...signedOut, ...otherUser, anotherListsCapability, ...editorRoles];
    case 'listCircleMember':
      return [...signedOut, ...otherUser, anotherListsCapability];
    // Other accounts and participants: server/test/api/secret-santa.test.ts's access matrix (they need a draw).
    case 'drawOrganiser':
    case 'drawParticipant':
      return signedOut;
    default:
      throw new Error(`no wrong roles known for policy ${policy}: add them here`);
  }
}

function concretePath(route: PrintedRoute): string {
  return route.path
    .replace(/^\/api\/v1\/circles\/:id\b/, `/api/v1/circles/${circleId}`)
    .replace(':itemId', itemId)
    .replace(':editorId', editor.id)
    .replace(/:id\b/, listId)
    .replace(/:\w+/g, 'x');
}

describe('every non-public route refuses each wrong caller', () => {
  it('answers 401 or 403 to each, and the list is unchanged afterwards', async () => {
    const guarded = table.routes.filter((route) => !PUBLIC_POLICIES.includes(route.policy));
    const wrong: string[] = [];
    for (const route of guarded) {
      for (const role of wrongRoles(route.policy)) {
        const res = await role.call(route.method, concretePath(route));
        if (res.status !== role.expected) wrong.push(`${route.method} ${route.path} by ${role.name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    const list = (await owner.client.get<Wishlist>(`/wishlists/${listId}`)).body;
    expect(list.name).toBe('Birthday');
    expect(list.items.map((item) => item._id)).toEqual([itemId]);
    expect(list.editors.map((e) => e._id)).toEqual([editor.id]);
  });
});

/** A caller's personal API tokens: one per scope it may hold, plus a revoked and an expired one. */
interface TokenSet {
  read: string;
  readWrite: string;
  admin?: string;
  revoked: string;
  expired: string;
}

let ownerTokens: TokenSet;
let adminTokens: TokenSet;

async function tokenSet(account: Account, isAdmin: boolean): Promise<TokenSet> {
  const [read, readWrite, adminToken, revoked, expired] = await Promise.all([
    createApiToken(account, 'read'),
    createApiToken(account, 'read-write'),
    isAdmin ? createApiToken(account, 'admin') : undefined,
    revokedApiToken(account),
    expiredApiToken(account, clock),
  ]);
  return { read: read.token, readWrite: readWrite.token, admin: adminToken?.token, revoked, expired };
}

// One set after the other: each moves the shared clock past its expiring token's date, which at
// the same time could pass the other's before that one was created.
beforeAll(async () => {
  ownerTokens = await tokenSet(owner, false);
  adminTokens = await tokenSet(admin, true);
});

/**
 * What each of a rightful caller's tokens must get on a route, by the scope the route needs:
 * the owner's tokens on account and list routes (so only the token can be the reason for a
 * refusal), the admin's on admin routes. Writes are only ever called with tokens that must be
 * refused; reads are called with a sufficient token too, which must get through.
 */
function tokenExpectations(route: PrintedRoute): { name: string; token: string; refusedWith: 401 | 403 | null }[] {
  const tokens = route.token === 'admin' ? adminTokens : ownerTokens;
  const invalid = route.token === 'none' ? 403 : 401; // session-only routes refuse any token before looking it up
  const expectations: { name: string; token: string; refusedWith: 401 | 403 | null }[] = [
    { name: 'a revoked token', token: tokens.revoked, refusedWith: invalid },
    { name: 'an expired token', token: tokens.expired, refusedWith: invalid },
  ];
  const isRead = route.method === 'GET';
  switch (route.token) {
    case 'read':
      // A draw result's link is its own credential: an API token does not stand in for it (secret-santa.test.ts opens real links).
      if (route.policy === 'drawParticipant' && route.path.includes(':token')) return [...expectations, { name: 'a read token with no valid link', token: tokens.read, refusedWith: 401 }];
      return [...expectations, { name: 'a read token', token: tokens.read, refusedWith: null }];
    case 'read-write':
      return [...expectations, { name: 'a read token', token: tokens.read, refusedWith: 403 }];
    case 'admin':
      return [
        ...expectations,
        { name: "an admin's read token", token: tokens.read, refusedWith: 403 },
        { name: "an admin's read-write token", token: tokens.readWrite, refusedWith: 403 },
        ...(isRead ? [{ name: 'an admin token', token: tokens.admin!, refusedWith: null }] : []),
      ];
    case 'none':
      return [...expectations, { name: 'a read token', token: tokens.read, refusedWith: 403 }, { name: 'a read-write token', token: tokens.readWrite, refusedWith: 403 }];
    default:
      throw new Error(`unknown token requirement ${route.token} for ${route.method} ${route.path}`);
  }
}

describe('personal API tokens on every route', () => {
  it('are refused when revoked, expired or short of the scope the route table names, and pass where it allows them', async () => {
    expect(new Set(table.routes.map((route) => route.token))).toEqual(new Set(['read', 'read-write', 'admin', 'none']));
    const wrong: string[] = [];
    for (const route of table.routes) {
      for (const expectation of tokenExpectations(route)) {
        const res = await new ApiClient(server.url).call(route.method, concretePath(route), bodyFor(route.method), { bearer: expectation.token });
        const refused = res.status === 401 || res.status === 403;
        const ok = expectation.refusedWith === null ? !refused : res.status === expectation.refusedWith;
        if (!ok) wrong.push(`${route.method} ${route.path} with ${expectation.name}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(wrong).toEqual([]);
    const list = (await owner.client.get<Wishlist>(`/wishlists/${listId}`)).body;
    expect(list.items.map((item) => item._id)).toEqual([itemId]);
    const profiles = await Promise.all([owner, admin].map(async (account) => (await account.client.get('/users/profile')).body));
    expect(profiles.map((p) => [p.email, p.isAdmin])).toEqual([
      [owner.email, false],
      [admin.email, true],
    ]);
  });
});
