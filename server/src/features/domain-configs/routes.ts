import { Elysia, t } from 'elysia';
import { HEX_COLOR_PATTERN, LOGO_URL_PATTERN } from '@wishwell/shared/domain-config-types';
import type { AccessPolicies } from '../../access-policies';
import type { DomainConfigService } from './service';
import { idParams, schemaError } from '../../validation/schemas';
import { part, type ErrorPartKey } from '../../domain/errors';

const color = (label: ErrorPartKey) => t.String({ pattern: HEX_COLOR_PATTERN, error: schemaError('hexColour', { label: part(label) }) });

export const domainConfigBody = t.Object({
  hostname: t.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+(:\\d+)?$', error: schemaError('hostname') }),
  companyName: t.String({ maxLength: 100 }),
  logoUrl: t.String({
    maxLength: 2000,
    pattern: LOGO_URL_PATTERN,
    error: schemaError('logoUrl'),
  }),
  primaryColor: color('primaryColor'),
  secondaryColor: color('secondaryColor'),
  landingPageHeadline: t.String({ maxLength: 200 }),
  landingPageSubheadline: t.String({ maxLength: 1000 }),
});


export function domainConfigRoutes(policies: AccessPolicies, service: DomainConfigService) {
  return new Elysia()
    .use(policies)
    .get('/domain-configs/public/:hostname', ({ params }) => service.publicConfig(params.hostname), {
      publicRoute: true,
      params: t.Object({ hostname: t.String({ maxLength: 253 }) }),
    })
    .get('/domain-configs', () => service.list(), { adminOnly: true })
    .post('/domain-configs', ({ body, set }) => {
      set.status = 201;
      return service.create(body);
    }, { adminOnly: true, body: domainConfigBody })
    .put('/domain-configs/:id', ({ params, body }) => service.update(params.id, body), {
      adminOnly: true,
      params: idParams,
      body: domainConfigBody,
    })
    .delete('/domain-configs/:id', async ({ params }) => {
      await service.delete(params.id);
      return { message: 'Domain configuration deleted.' };
    }, { adminOnly: true, params: idParams });
}
