import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../http/access';
import type { DomainConfigService } from './service';

export function domainConfigRoutes(policies: AccessPolicies, service: DomainConfigService) {
  return new Elysia().use(policies).get(
    '/domain-configs/public/:hostname',
    ({ params }) => service.publicConfig(params.hostname),
    { publicRoute: true, params: t.Object({ hostname: t.String({ maxLength: 253 }) }) },
  );
}
