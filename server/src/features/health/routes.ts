import { Elysia } from 'elysia';
import type { HealthStatus } from '@wishwell/shared/api-types';
import type { AppContext } from '../../app-context';
import type { AccessPolicies } from '../../access-policies';

const DATABASE_FAILING = 'The database is failing: the server log says why (an admin sees details at /api/v1/health/database).';

/**
 * GET /health: 503 when the database does not answer, or when requests recently failed because of
 * it (a damaged file still answers SELECT 1). GET /health/database (admins): the full integrity check.
 */
export function healthRoutes(policies: AccessPolicies, ctx: AppContext, canSendMail: () => Promise<boolean>) {
  const { store, databaseHealth } = ctx;
  return new Elysia()
    .use(policies)
    .get(
      '/health',
      async ({ set }): Promise<HealthStatus | Response> => {
        set.headers['cache-control'] = 'no-store';
        const answers = await store.ping().catch((error: unknown) => !databaseHealth.record(error) && false);
        if (!answers || databaseHealth.recentFailure()) return Response.json({ status: 'unhealthy', db: 'failing', message: DATABASE_FAILING }, { status: 503 });
        return { status: 'ok', version: ctx.version, db: 'ok', canSendMail: await canSendMail() };
      },
      { publicRoute: true },
    )
    .get(
      '/health/database',
      async ({ set }) => {
        set.headers['cache-control'] = 'no-store';
        const problems = await store.integrityProblems().catch((error: unknown) => [String((error as Error)?.message ?? error)]);
        databaseHealth.recordProblems(problems);
        if (problems.length > 0) set.status = 503;
        return { status: problems.length === 0 ? 'ok' : 'damaged', engine: store.engine, problems, recentFailure: databaseHealth.recentFailure() };
      },
      { adminOnly: true },
    );
}
