import { Elysia } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import type { EventStreamHub } from './event-stream-hub';

/** GET /admin/events: the admin event stream (Server-Sent Events), resumable with Last-Event-ID. */
export function adminEventRoutes(policies: AccessPolicies, hub: EventStreamHub) {
  return new Elysia().use(policies).get(
    '/admin/events',
    ({ request, server, user, http }) => {
      // Bun closes a connection idle for 10 s: a stream is kept busy only by its keep-alives.
      server?.timeout(request, hub.idleTimeoutSeconds);
      const credential = { userId: user.id, tokenVersion: user.tokenVersion, apiTokenId: http.actor?.apiTokenId ?? null };
      return hub.open(credential, request.headers.get('last-event-id')?.slice(0, 64) ?? null, request.signal);
    },
    { adminOnly: true },
  );
}
