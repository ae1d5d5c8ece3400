import type { accessPolicies } from './http/access';
import type { ListAccess } from './features/wishlists/access';
import type { CircleMembership, CircledList } from './features/circles/access';

/** The plugin every feature's routes start from (`new Elysia().use(policies)`): the list policies hand over the wish-list feature's ListAccess, the circle policies the circles feature's proofs. */
export type AccessPolicies = ReturnType<typeof accessPolicies<ListAccess, CircleMembership, CircledList>>;
