import { Elysia, t } from 'elysia';
import { SCRAPER_STRATEGIES } from '@wishwell/shared/scraper-config-types';
import type { AccessPolicies } from '../../access-policies';
import type { ScraperConfigService } from './service';
import { idParams, oneOf } from '../../validation/schemas';

const selector = t.Optional(t.String({ maxLength: 500 }));
export const configBody = t.Object({
  domain: t.String({ minLength: 1, maxLength: 253 }),
  strategy: t.Optional(oneOf(SCRAPER_STRATEGIES, 'strategy')),
  notes: t.Optional(t.String({ maxLength: 2000 })),
  titleSelector: selector,
  priceSelector: selector,
  imageSelector: selector,
  imageAttribute: t.Optional(t.String({ maxLength: 100 })),
  isPriceComplex: t.Optional(t.Boolean()),
});

/** Scraper Strategy Management: admin CRUD of per-domain scraper configs. */
export function scraperConfigRoutes(policies: AccessPolicies, service: ScraperConfigService) {
  return new Elysia()
    .use(policies)
    .get('/scraper-configs', () => service.list(), { adminOnly: true })
    .post('/scraper-configs', ({ body, set }) => {
      set.status = 201;
      return service.create(body);
    }, { adminOnly: true, body: configBody })
    .put('/scraper-configs/:id', ({ params, body }) => service.update(params.id, body), { adminOnly: true, params: idParams, body: configBody })
    .delete('/scraper-configs/:id', async ({ params }) => {
      await service.remove(params.id);
      return { message: 'Scraper config deleted.' };
    }, { adminOnly: true, params: idParams });
}
