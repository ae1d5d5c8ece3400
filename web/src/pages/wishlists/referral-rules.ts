import { matcherCoversHost } from '@wishwell/shared/referral';
import type { PublicReferralRule } from '@wishwell/shared/scrape-types';
import { api } from '../../api/client';
import { useAnswer } from '../../api/use-answer';

let rulesRequest: Promise<PublicReferralRule[]> | null = null;

/** GET /referral-rules, once per page load; a failure is only logged and offers no group gifts. */
export function useReferralRules(): PublicReferralRule[] {
  const load = () =>
    (rulesRequest ??= api.get('/referral-rules').catch((error: unknown) => {
      console.error('Could not load referral rules', error);
      rulesRequest = null;
      return [];
    }));
  return useAnswer(load, []) ?? [];
}

function hostOf(url: string): string | null {
  try {
    return new URL(/^https?:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

/**
 * The group-gift checkbox is offered only when the item's host matches a rule that has a gift card
 * (the first matching rule decides, as on the server).
 */
export function offersGroupGift(itemUrl: string, rules: readonly PublicReferralRule[]): boolean {
  const host = hostOf(itemUrl.trim());
  if (!host) return false;
  return rules.find((rule) => matcherCoversHost(rule.matcher, host))?.hasGiftCard ?? false;
}
