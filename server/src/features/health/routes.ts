import { Elysia } from 'elysia';
import type { HealthStatus } from '@wishwell/shared/api-types';
import type { AppContext } from '../../app-context';
import type { AccessPolicies } from '../../http/access';

export function healthRoutes(policies: AccessPolicies, ctx: AppContext) {
  const ping = ctx.database.sqlite.query<{ ok: number }, []>('SELECT 1 AS ok');
  return new Elysia().use(policies).get(
    '/health',
    ({ set }): HealthStatus | Response => {
      if (ping.get()?.ok !== 1) return Response.json({ message: 'Database unavailable.' }, { status: 503 });
      set.headers['cache-control'] = 'no-store';
      return { status: 'ok', version: ctx.version, db: 'ok' };
    },
    { publicRoute: true },
  );
}
