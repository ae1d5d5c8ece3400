import { Elysia } from 'elysia';
import type { HealthStatus } from '@wishwell/shared/api-types';
import type { AppContext } from '../../app-context';
import type { AccessPolicies } from '../../http/access';

export function healthRoutes(policies: AccessPolicies, ctx: AppContext) {
  return new Elysia().use(policies).get(
    '/health',
    async ({ set }): Promise<HealthStatus | Response> => {
      if (!(await ctx.store.ping().catch(() => false))) return Response.json({ message: 'Database unavailable.' }, { status: 503 });
      set.headers['cache-control'] = 'no-store';
      return { status: 'ok', version: ctx.version, db: 'ok', canSendMail: Boolean(ctx.config.smtpUrl) };
    },
    { publicRoute: true },
  );
}
