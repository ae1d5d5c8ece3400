import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import type { ReferralRuleService } from './service';
import { idParams, pagedQueryFields } from '../../validation/schemas';

export const ruleBody = t.Object({
  matcher: t.String({ minLength: 1, maxLength: 253 }),
  programName: t.String({ maxLength: 100 }),
  referralCode: t.Optional(t.String({ maxLength: 200 })),
  idRegex: t.Optional(t.String({ maxLength: 300 })),
  urlStructure: t.Optional(t.String({ maxLength: 2048 })),
  giftCardUrl: t.Optional(t.Nullable(t.String({ maxLength: 2048 }))),
});

/**
 * GET /referral-rules is public (what the item form needs: matcher, program, whether a gift
 * card exists); admins read the full rules at GET /referral-rules/all and manage them.
 */
export function referralRuleRoutes(policies: AccessPolicies, service: ReferralRuleService) {
  return new Elysia()
    .use(policies)
    .get('/referral-rules', () => service.listPublic(), { publicRoute: true })
    .get('/referral-rules/all', () => service.listAll(), { adminOnly: true })
    .post('/referral-rules', ({ body, set }) => {
      set.status = 201;
      return service.create(body);
    }, { adminOnly: true, body: ruleBody })
    .put('/referral-rules/:id', ({ params, body }) => service.update(params.id, body), { adminOnly: true, params: idParams, body: ruleBody })
    .delete('/referral-rules/:id', async ({ params }) => {
      await service.remove(params.id);
      return { message: 'Referral rule deleted.' };
    }, { adminOnly: true, params: idParams })
    .get('/stats/referral-opportunities', ({ query }) => service.opportunities(query), { adminOnly: true, query: t.Object(pagedQueryFields) });
}
