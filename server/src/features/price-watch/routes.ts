import { Elysia, t } from 'elysia';
import type { AccessPolicies } from '../../access-policies';
import { idParams, itemParams } from '../wishlists/schemas';
import type { PriceWatch } from './service';

const watchBody = t.Object({ watch: t.Boolean() });

/** An item's price history (owner and editors) and the owner's switches of the price watch. */
export function priceWatchRoutes(policies: AccessPolicies, watch: PriceWatch) {
  return new Elysia()
    .use(policies)
    .get('/wishlists/:id/items/:itemId/prices', ({ access, params }) => watch.history(access, params.itemId), { listEditor: true, params: itemParams })
    .put('/wishlists/:id/items/:itemId/price-watch', ({ access, params, body }) => watch.setItemWatch(access, params.itemId, body.watch), {
      listOwner: true,
      params: itemParams,
      body: watchBody,
    })
    .put('/wishlists/:id/price-watch', ({ access, body }) => watch.setListWatch(access, body.watch), { listOwner: true, params: idParams, body: watchBody });
}
