import { logEvent, type LogLevel } from '../log';

/** Routes whose every call is an audit event (whatever the outcome), by `METHOD route`. */
const AUDITED_ROUTES: Record<string, string> = {
  'POST /api/v1/users/register': 'register',
  'POST /api/v1/users/login': 'sign-in',
  'POST /api/v1/users/logout': 'sign-out',
  'PUT /api/v1/users/profile/password': 'password.change',
  'POST /api/v1/users/forgot-password': 'password.reset-request',
  'PUT /api/v1/users/reset-password/:token': 'password.reset',
  'PUT /api/v1/users/profile': 'profile.change',
  'DELETE /api/v1/users/profile': 'account.delete',
  'POST /api/v1/upload': 'upload',
};

/** Statuses that are audit events on any route. */
const REFUSALS: Record<number, { event: string; outcome: string; level: LogLevel }> = {
  401: { event: 'access.refused', outcome: 'refused', level: 'warn' },
  403: { event: 'access.refused', outcome: 'refused', level: 'warn' },
  413: { event: 'body.too-large', outcome: 'too-large', level: 'warn' },
  429: { event: 'rate-limit.hit', outcome: 'rate-limited', level: 'warn' },
  507: { event: 'storage.full', outcome: 'disk-full', level: 'error' },
};

/** Who made a request, as far as the access policies found out. */
export interface RequestActor {
  userId: string | null;
  isAdmin: boolean;
  /** Set when the account was proven by a personal API token (its id, never the secret). */
  apiTokenId?: string;
}

export interface FinishedRequest {
  method: string;
  route: string;
  status: number;
  requestId: string | null;
  ip: string | null;
  actor: RequestActor | null;
  /** The route's access policy, when it ran. */
  policy: string | null;
}

/**
 * One log line for each request an operator may need to audit: sign-in/out, password and profile
 * changes, uploads, every change an admin makes (roles, disabling, backup and restore), and every
 * refusal (401/403, 413, 429, 507) on any route.
 */
export function auditRequest(request: FinishedRequest): void {
  const key = `${request.method} ${request.route}`;
  const refusal = REFUSALS[request.status];
  const adminChange = request.policy === 'adminOnly' && request.method !== 'GET';
  const named = AUDITED_ROUTES[key] ?? (adminChange ? 'admin.change' : undefined);
  if (!named && !refusal) return;
  logEvent({
    event: named ?? refusal!.event,
    level: refusal?.level ?? (request.status >= 500 ? 'error' : 'info'),
    outcome: refusal?.outcome ?? (request.status >= 400 ? 'failed' : 'ok'),
    status: request.status,
    requestId: request.requestId,
    userId: request.actor?.userId ?? null,
    ...(request.actor?.apiTokenId ? { via: 'api-token', credentialId: request.actor.apiTokenId } : {}),
    ip: request.ip,
    route: key,
  });
}
