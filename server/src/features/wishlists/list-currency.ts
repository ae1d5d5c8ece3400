import type { SessionUser } from '../../auth/session-user';
import type { OwnerRow, WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';

/** The instance's default currency as now set (the admin console's, else DEFAULT_CURRENCY's, else GBP). */
export type DefaultCurrency = () => Promise<string>;

/** The currency a list's prices are in: its owner's account currency; a guest list's, the instance's default. */
export async function currencyOfList(owner: Pick<OwnerRow, 'currency'> | null, defaultCurrency: DefaultCurrency): Promise<string> {
  return owner ? owner.currency : defaultCurrency();
}

/** The currency of the list a caller reached (currencyOfList): what an item or a suggestion naming none is priced in. */
export type ListCurrency = (reached: { list: Pick<WishlistRow, 'ownerId'>; user: Pick<SessionUser, 'id' | 'currency'> | null }) => Promise<string>;

/** ListCurrency read through `queries`: an owner at their own list has it in their session (no read). */
export function listCurrency(queries: Pick<WishlistQueries, 'owner'>, defaultCurrency: DefaultCurrency): ListCurrency {
  return async ({ list, user }) => (user !== null && user.id === list.ownerId ? user.currency : currencyOfList(await queries.owner(list.ownerId), defaultCurrency));
}
