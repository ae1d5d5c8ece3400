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

/** GET /stats/referral-opportunities: one row per shop domain. */
export interface ReferralOpportunity {
  domain: string;
  itemCount: number;
  totalValue: number;
  hasReferralRule: boolean;
}
