/** Business constants from the product specification (section 9), shared by server and web. */

export const PRODUCT_NAME = 'Wishwell';
export const API_BASE = '/api/v1';

export const DEFAULT_BRANDING = {
  companyName: PRODUCT_NAME,
  logoUrl: '/Logo.png',
  primaryColor: '#363636',
  secondaryColor: '#e84393',
  landingPageHeadline: 'All your wishes in one place',
  landingPageSubheadline:
    'Create a wish list for any occasion, add gifts from any online store and share it with one link. Guests mark what they bought, so the surprise is kept.',
} as const;

export const PAGE_BACKGROUND = '#f4f4f4';
export const NOTIFICATION_TIMEOUT_MS = 6000;
export const RESTORE_RELOAD_DELAY_MS = 3000;
export const ITEMS_PER_PAGE = 10;
export const IMAGE_UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
export const LOGO_HEIGHT_PX = 50;
export const BANNER_HEIGHT_PX = 250;
export const ADMIN_MENU_WIDTH_PX = 240;

export const WISHLIST_THEMES = ['Birthday', 'Christmas', 'Wedding', 'New Baby', 'Other'] as const;
export type WishlistTheme = (typeof WISHLIST_THEMES)[number];

export const COLOR_SETS = ['default', 'festive', 'celebration', 'elegant', 'pastel'] as const;
export type ColorSet = (typeof COLOR_SETS)[number];

export const ITEM_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type ItemPriority = (typeof ITEM_PRIORITIES)[number];

export const SCRAPER_STRATEGIES = ['cheerio', 'puppeteer', 'none'] as const;
export type ScraperStrategy = (typeof SCRAPER_STRATEGIES)[number];

export const GUEST_LIST_DEFAULTS = { name: 'My New Wishlist', theme: 'Other' } as const;
export const GUEST_WISHLISTS_STORAGE_KEY = 'guestWishlists';
/** Local storage: the manage tokens of this browser's purchase marks (see web/src/pages/claims/guest-claims.ts). */
export const GUEST_CLAIMS_STORAGE_KEY = 'guestClaims';

export const REFERRAL_CHART_COLORS = ['#e84393', '#0984e3', '#fdcb6e', '#00b894', '#6c5ce7', '#fab1a0'];

export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

export const PASSWORD_MIN_LENGTH = 8;
