import type { accessPolicies } from './http/access';
import type { ListAccess } from './features/wishlists/access';
import type { DrawParticipant, OrganisedDrawAccess } from './features/secret-santa/access';

/** The plugin every feature's routes start from (`new Elysia().use(policies)`): the list policies hand over the wish-list feature's ListAccess, the draw policies the Secret Santa feature's proofs. */
export type AccessPolicies = ReturnType<typeof accessPolicies<ListAccess, OrganisedDrawAccess, DrawParticipant>>;
