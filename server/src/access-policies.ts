import type { accessPolicies } from './http/access';
import type { ListAccess } from './features/wishlists/access';
import type { CircleMembership, CircledList } from './features/circles/access';
import type { DrawParticipant, OrganisedDrawAccess } from './features/secret-santa/access';

/** The plugin every feature's routes start from (`new Elysia().use(policies)`): the list policies hand over the wish-list feature's ListAccess, the circle and draw policies those features' proofs. */
export type AccessPolicies = ReturnType<typeof accessPolicies<ListAccess, CircleMembership, CircledList, OrganisedDrawAccess, DrawParticipant>>;
