import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import { idParams, pagedQueryFields } from '../../validation/schemas';
import type { Scheduler } from '../../scheduler';
import type { WishlistService } from '../wishlists/service';
import { runJobNow } from './jobs';
import type { AdminService } from './service';

/** The admin console's reads and toggles over every account and list (spec section 7, "Admin"). */
export function adminRoutes(policies: AccessPolicies, admin: AdminService, lists: WishlistService, scheduler: Scheduler) {
  return new Elysia()
    .use(policies)
    .get('/stats', () => admin.stats(), { adminOnly: true })
    .get('/users', ({ query }) => admin.users(query), { adminOnly: true, query: t.Object(pagedQueryFields) })
    .put('/users/:id/toggle-disable', ({ params, user }) => admin.toggleUserDisabled(params.id, user.id), { adminOnly: true, params: idParams })
    .get('/wishlists/all', ({ query }) => admin.wishlists(query), { adminOnly: true, query: t.Object(pagedQueryFields) })
    .put('/wishlists/:id/toggle-disable', ({ params }) => lists.toggleDisabled(params.id), { adminOnly: true, params: idParams })
    .post('/admin/jobs/:name/run', ({ params, request, server }) => {
      server?.timeout(request, 0); // a run (a price watch batch at polite shops) outlasts Bun's 10 s idle timeout
      return runJobNow(scheduler, params.name);
    }, {
      adminOnly: true,
      params: t.Object({ name: t.String({ maxLength: 100 }) }),
    });
}
