import type { OwnerRow } from './mappers';

/** The instance's default currency as now set (the admin console's, else DEFAULT_CURRENCY's, else GBP). */
export type DefaultCurrency = () => Promise<string>;

/** The currency a list's prices are in: its owner's account currency; a guest list's, the instance's default. */
export async function currencyOfList(owner: Pick<OwnerRow, 'currency'> | null, defaultCurrency: DefaultCurrency): Promise<string> {
  return owner ? owner.currency : defaultCurrency();
}
