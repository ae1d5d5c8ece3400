/** Admin referral rules and the referral opportunities report (spec sections 3 and 7). */
import type { ReferralRuleFields } from './referral';

export interface ReferralRule extends ReferralRuleFields {
  _id: string;
}

/** POST /referral-rules and PUT /referral-rules/{id}. */
export interface ReferralRuleInput {
  matcher: string;
  programName: string;
  referralCode?: string;
  idRegex?: string;
  urlStructure?: string;
  giftCardUrl?: string | null;
}

/** The currency the referral opportunities report its `totalValue` in (spec: GBP). */
export const REPORT_CURRENCY = 'GBP';

/** The value of a shop's items priced in one currency (price × quantity). */
export interface CurrencyTotal {
  currency: string;
  total: number;
}

/** GET /stats/referral-opportunities: one row per shop domain, most items first. */
export interface ReferralOpportunity {
  domain: string;
  itemCount: number;
  /**
   * The value of the items priced in GBP. Wishwell keeps no exchange rates, so items priced in
   * other currencies are not converted into it: their values are in `totals`.
   */
  totalValue: number;
  /** The value in each currency the shop's priced items use, GBP first. */
  totals: CurrencyTotal[];
  hasReferralRule: boolean;
}
