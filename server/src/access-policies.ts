import type { accessPolicies } from './http/access';
import type { ListAccess } from './features/wishlists/access';

/** The plugin every feature's routes start from (`new Elysia().use(policies)`): the list policies hand over the wish-list feature's ListAccess. */
export type AccessPolicies = ReturnType<typeof accessPolicies<ListAccess>>;
