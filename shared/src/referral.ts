/**
 * Referral rules (spec section 3): which shop a product link belongs to, its clean affiliate
 * URL and its gift card URL. Pure and total: a broken rule (bad regex, bad template) never
 * throws, it just does not rewrite the link.
 */
export interface ReferralRuleFields {
  matcher: string;
  programName: string;
  referralCode: string;
  idRegex: string;
  urlStructure: string;
  giftCardUrl: string | null;
}

export interface ReferralOutcome {
  /** The URL to store: the clean affiliate URL, or the given URL when the rule cannot build one. */
  url: string;
  referralProgram: string | null;
  /** Set only when the rule has a gift card URL: then the item may be a group gift. */
  giftCardUrl: string | null;
}

/** Longest URL and pattern a rule is run on (admin regexes run on user input: keep the work bounded). */
const MAX_URL_LENGTH = 2048;
const MAX_PATTERN_LENGTH = 300;

function hostOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.hostname.toLowerCase().replace(/\.$/, '') : null;
  } catch {
    return null;
  }
}

/**
 * The shop a product link belongs to, as the admin's Referral Opportunities groups items: the
 * link's host in lower case without `www.`, user info or port; '' when it is not an http(s) link.
 * Stored with each item (items.shop_domain) on every save and by the migration that added it.
 */
export function shopDomainOf(url: string): string {
  return hostOf(url)?.replace(/^www\./, '') ?? '';
}

/**
 * Whether a rule's matcher covers a link's host. A matcher is a domain ("amazon.co.uk" covers
 * www.amazon.co.uk and smile.amazon.co.uk) or a bare name ("amazon" covers every amazon.* site).
 * "https://" and "www." in a matcher are ignored.
 */
export function matcherCoversHost(matcher: string, host: string): boolean {
  const wanted = matcher.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/^www\./, '').replace(/[/?#].*$/, '').replace(/\.$/, '');
  if (!wanted) return false;
  if (host === wanted || host.endsWith(`.${wanted}`)) return true;
  return !wanted.includes('.') && host.split('.').includes(wanted);
}

/** The first rule (in the given order) whose matcher covers the link's host. */
export function findReferralRule<R extends ReferralRuleFields>(rules: readonly R[], url: string): R | null {
  const host = hostOf(url);
  if (!host) return null;
  return rules.find((rule) => matcherCoversHost(rule.matcher, host)) ?? null;
}

/** The product id the rule's regex captures from the link (first group, else the whole match), or null. */
export function extractProductId(idRegex: string, url: string): string | null {
  if (!idRegex || idRegex.length > MAX_PATTERN_LENGTH || url.length > MAX_URL_LENGTH) return null;
  try {
    const match = new RegExp(idRegex, 'i').exec(url);
    const id = match ? (match[1] ?? match[0]) : null;
    return id ? id : null;
  } catch {
    return null;
  }
}

const fillTag = (template: string, tag: string) => template.replaceAll('{TAG}', encodeURIComponent(tag));

function httpUrlOrNull(value: string): string | null {
  return hostOf(value) ? value : null;
}

/** The clean affiliate URL from `urlStructure` ({ID}, {TAG}); null when the id or the template is missing or bad. */
export function buildAffiliateUrl(rule: ReferralRuleFields, url: string): string | null {
  if (!rule.urlStructure.includes('{ID}')) return null;
  const id = extractProductId(rule.idRegex, url);
  if (!id) return null;
  return httpUrlOrNull(fillTag(rule.urlStructure.replaceAll('{ID}', encodeURIComponent(id)), rule.referralCode));
}

/** The rule's gift card URL with its {TAG} filled in, or null when it has none (or a bad one). */
export function giftCardUrlOf(rule: ReferralRuleFields): string | null {
  const template = rule.giftCardUrl?.trim();
  return template ? httpUrlOrNull(fillTag(template, rule.referralCode)) : null;
}

/** What a product link becomes under the rules: the first matching rule applies. */
export function applyReferralRules(rules: readonly ReferralRuleFields[], url: string): ReferralOutcome {
  const rule = findReferralRule(rules, url);
  if (!rule) return { url, referralProgram: null, giftCardUrl: null };
  return {
    url: buildAffiliateUrl(rule, url) ?? url,
    referralProgram: rule.programName || null,
    giftCardUrl: giftCardUrlOf(rule),
  };
}

/** Whether an item with this link may be a group gift: a matching rule with a gift card URL. */
export function allowsGroupGift(rules: readonly ReferralRuleFields[], url: string): boolean {
  return applyReferralRules(rules, url).giftCardUrl !== null;
}
