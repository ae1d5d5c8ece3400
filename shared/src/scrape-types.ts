/** POST /scrape: request and answer (spec section 7), shared by the server and the Add Item box. */
export interface ScrapeRequest {
  url: string;
  userAgent?: string;
}

/** POST /scrape/page: a page as the user's browser shows it (bookmarklet, extension), read without fetching it. */
export interface CapturedPage {
  /** The page's address: for relative links, the shop's rules and the item's link. */
  url: string;
  /** The rendered document, scripts stripped by the sender (the server strips them again). */
  html: string;
}

export interface ScrapeResult {
  title: string;
  /** The price as display text (e.g. "24.99"), or '' when none was found. */
  price: string;
  /** The shop showed a range or "from" price ("€ 97,39 - 128,72"): `price` is its low end. */
  priceIsRange: boolean;
  /** ISO 4217 code, e.g. GBP. */
  currency: string;
  imageUrl: string;
  description: string;
  /** The URL to store on the item (the clean affiliate URL when a referral rule applies). */
  url: string;
  referralProgram: string | null;
  /** Set when a referral rule with a gift card URL matches: the item may be a group gift. */
  giftCardUrl: string | null;
}

/** One of several products a captured page lists (a shop's wish list, a search result). */
export interface ListedProduct {
  title: string;
  /** The product's own page. */
  url: string;
  /** "29.99", or '' when the list shows none. */
  price: string;
  currency: string;
  imageUrl: string;
}

/** POST /scrape/page: the scrape answer, and the products the page lists when it lists several. */
export interface CapturedPageResult extends ScrapeResult {
  /** Empty unless the page lists at least two products, each with its own link. */
  products: ListedProduct[];
}

/** GET /logs/scrape (admin): one scrape attempt, newest first. */
export interface ScrapeLogEntry {
  _id: string;
  createdAt: string;
  sourceUrl: string;
  success: boolean;
  outcome: ScrapeOutcome;
  durationMs: number | null;
  requestedBy: { _id: string; name: string } | null;
  ipAddress: string;
  /** cheerio, puppeteer or cache; null when refused before fetching. */
  strategy: string | null;
  /** Why it failed, or what it missed (partial), for the operator. */
  error: string | null;
}

/** success: the product read; partial: the page read but no title found (the user completed it); failed. */
export type ScrapeOutcome = 'success' | 'partial' | 'failed';

/** GET /referral-rules (public): what the item form needs to offer the group-gift checkbox. */
export interface PublicReferralRule {
  _id: string;
  matcher: string;
  programName: string;
  hasGiftCard: boolean;
}
