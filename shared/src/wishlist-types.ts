/**
 * The wish list API contract (spec section 7, "Wishlists and items"): request bodies and answers.
 * Server and web both import these, so they never disagree on a shape.
 */
import type { Availability } from './price-watch-types';
import type { ColorSet, ItemPriority, WishlistTheme } from './constants';

export interface WishlistOwner {
  _id: string;
  name: string;
  currency: string;
}

export interface WishlistEditor {
  _id: string;
  name: string;
  email: string;
}

/** An item as the owner and editors see it (everything). */
export interface Item {
  _id: string;
  title: string;
  url: string;
  notes: string;
  /** The shop's product description (scraped), apart from the owner's notes. */
  description: string;
  quantity: number;
  priority: ItemPriority;
  price: string;
  currency: string;
  /** The image as the owner gave it (a shop's URL, an upload, or ''). */
  imageUrl: string;
  /** What pages show: our stored copy of a shop's image (/uploads/…), else imageUrl. */
  displayImageUrl: string;
  /** The copy of the shop's image is still to be made (the owner's page looks again until it lands). */
  imageCopyPending: boolean;
  isGroupGift: boolean;
  giftCardUrl: string;
  /** True when quantityPurchased has reached quantity. */
  isPurchased: boolean;
  purchasedBy: string;
  quantityPurchased: number;
  /** Group gifts: the pledges so far, a decimal string in the item's currency ('120.00'). */
  pledgedTotal: string;
  pledgeCount: number;
  referralProgram: string | null;
  /** The price watch: 'gone' when the shop no longer sells it, '' when not known. */
  availability: Availability;
  /** The price before the last drop the price watch saw ('49.00'), '' when none: owners and editors only. */
  wasPrice: string;
  createdAt: string;
}

/** An item as a guest sees it on the share view: nothing about who bought what, nor its earlier price. */
export type SharedItem = Omit<Item, 'purchasedBy' | 'isPurchased' | 'imageCopyPending' | 'wasPrice'>;

interface WishlistFields {
  _id: string;
  name: string;
  description: string;
  theme: WishlistTheme;
  isRecurring: boolean;
  /** ISO date (YYYY-MM-DD) or null. */
  eventDate: string | null;
  /** ISO timestamp or null. */
  expiresAt: string | null;
  /** The uploaded cover's URL, or the theme's default cover (/covers/{theme}.svg). */
  coverImage: string;
  colorSet: ColorSet;
}

/** Surprise mode, as the owner sees it: how many gifts are reserved and when all is revealed. */
export interface SurpriseNotice {
  /** Units reserved and pledges made so far (no names, no items). */
  reservedCount: number;
  /** ISO timestamp: the start of the reveal day. */
  revealOn: string;
}

/** The owner's surprise settings (owner and editor views). */
interface SurpriseSettings {
  /** ISO timestamp until which purchases stay hidden from the owner, or null (the spec's behaviour). */
  surpriseUntil: string | null;
  editorsSeeClaims: boolean;
  allowOverPledge: boolean;
  /** The owner asked to see the gift ideas others add (never who reserved them): GET /wishlists/{id}/suggestions. */
  showSuggestions: boolean;
  /** Set while purchase state is hidden from this caller: then every item looks listed. */
  surprise: SurpriseNotice | null;
}

/** GET /wishlists/{id} and the items of GET /wishlists: the owner/editor view. */
export interface Wishlist extends WishlistFields, SurpriseSettings {
  user: WishlistOwner | null;
  /** The currency of the list's prices: the owner's, or for a guest list the instance's default. */
  currency: string;
  editors: WishlistEditor[];
  items: Item[];
  isDeleted: boolean;
  isDisabled: boolean;
  /** The caller's role on this list, so the page can show or hide owner-only controls. */
  role: 'owner' | 'editor' | 'guest-owner';
  createdAt: string;
  updatedAt: string;
}

/** GET /wishlists: the caller's lists (owned and edited), for the dashboard and move/copy targets. */
export interface WishlistSummary extends WishlistFields, SurpriseSettings {
  user: WishlistOwner | null;
  /** The currency of the list's prices (see Wishlist.currency): what an item added naming none is in. */
  currency: string;
  role: 'owner' | 'editor';
  itemCount: number;
  /** Whether any item has purchases (the edit dialog then warns). */
  hasPurchases: boolean;
  /** Turned off by an admin: guests cannot open it (the dashboard marks it, as it marks an expired one). */
  isDisabled: boolean;
}

/** GET /wishlists/share/{id}: what a guest may see. No editor e-mails, no purchasedBy, no capability. */
export interface SharedWishlist extends WishlistFields {
  user: { name: string; currency: string } | null;
  /** The currency of the list's prices (see Wishlist.currency). */
  currency: string;
  /** Items not fully purchased. */
  items: SharedItem[];
  /** How many items are fully purchased (so an empty view can tell 'all bought' from 'nothing yet'). */
  purchasedItemCount: number;
}

/** POST /wishlists/guest */
export interface CreateGuestWishlistBody {
  name: string;
  theme: WishlistTheme;
}

/** POST /wishlists, PUT /wishlists/{id} */
export interface WishlistInput {
  name: string;
  description?: string;
  theme?: WishlistTheme;
  isRecurring?: boolean;
  eventDate?: string | null;
  expiresAt?: string | null;
  coverImage?: string | null;
  colorSet?: ColorSet;
  /** Owner only: keep purchases a surprise until then (null: off; a past time reveals now). */
  surpriseUntil?: string | null;
  /** Owner only. */
  editorsSeeClaims?: boolean;
  /** Whether guests may pledge more than a group gift's remaining amount. */
  allowOverPledge?: boolean;
}

/** POST /wishlists/{id}/items, PUT /wishlists/{id}/items/{itemId} */
export interface ItemInput {
  title: string;
  url?: string;
  notes?: string;
  description?: string;
  quantity?: number;
  priority?: ItemPriority;
  price?: string;
  currency?: string;
  imageUrl?: string;
  isGroupGift?: boolean;
}

/** PUT /wishlists/share/{id}/items/{itemId} */
export interface PurchaseInput {
  purchasedBy?: string;
  quantityPurchased: number;
  /** Where to send the link to change or undo this purchase later (optional). */
  email?: string;
}

/** The buyer's handle on a purchase mark: the token is shown once (only its hash is stored). */
export interface ClaimReceipt {
  id: string;
  token: string;
  /** The page where the claim can be changed or undone: /claims/{token} on this site. */
  manageUrl: string;
}

/** PUT /wishlists/share/{id}/items/{itemId} answer: the item as the guest sees it, plus the claim. */
export interface PurchaseResult extends SharedItem {
  claim: ClaimReceipt;
}

/** POST /wishlists/share/{id}/items/{itemId}/pledges */
export interface PledgeInput {
  /** A plain amount in the item's currency, e.g. '10' or '12.50'. */
  amount: string;
  name?: string;
  email?: string;
}

/** GET /claims/{token} and each of GET /reservations: one purchase mark (or pledge) with its item and list. */
export interface Claim {
  _id: string;
  kind: 'purchase' | 'pledge';
  /** Pledges: the amount pledged ('10.00'); '0.00' for purchases. */
  amount: string;
  /** Pledges: the most this pledge may become, or null when over-pledging is allowed. */
  maxAmount: string | null;
  quantityPurchased: number;
  name: string;
  createdAt: string;
  /** The most this claim may be changed to: its own units plus the ones still wanted. */
  maxQuantity: number;
  item: Pick<SharedItem, '_id' | 'title' | 'imageUrl' | 'price' | 'currency' | 'quantity' | 'url' | 'giftCardUrl'>;
  list: { _id: string; name: string };
}

/** POST /wishlists/share/{id}/claims: the manage tokens this browser keeps for the list. */
export interface HeldClaimsInput {
  tokens: string[];
}

/** One of those claims as it is now, with the token it was asked by (claims undone elsewhere are not answered). */
export interface HeldClaim extends Claim {
  token: string;
}

/** PUT /claims/{token}, PUT /reservations/{id}: a purchase's quantity, or a pledge's amount. */
export interface ClaimChangeInput {
  quantityPurchased?: number;
  amount?: string;
}

/** POST /wishlists/items/move-copy */
export interface MoveCopyInput {
  sourceListId: string;
  itemId: string;
  destinationListId: string;
  action: 'move' | 'copy';
}

/** POST /wishlists/{id}/share */
export interface ShareByEmailInput {
  /** Comma-separated e-mail addresses. */
  recipients: string;
  message?: string;
  /** The browser's hostname: the link points at this domain. */
  domain: string;
}

/**
 * POST /wishlists/{id}/editors: mails an invitation to the address (with or without an account)
 * and answers the editor list, unchanged until the invitation is accepted (see InvitationSent).
 */
export interface AddEditorInput {
  email: string;
}

/**
 * The answer to POST /wishlists/{id}/editors: the editor list and, only on a server that cannot
 * send mail, the invitation's link for the owner to pass on herself.
 */
export interface InvitationSent {
  editors: WishlistEditor[];
  link?: string;
}

/** GET /wishlists/{id}/invitations: a pending invitation as its list's owner sees it. */
export interface EditorInvitation {
  _id: string;
  email: string;
  createdAt: string;
  expiresAt: string;
}

/** GET /invitations/{token}: what the invitation link's holder is told before accepting. */
export interface InvitationPreview {
  wishlistName: string;
  invitedBy: string;
  expiresAt: string;
}

/** POST /invitations/{token}/accept */
export interface AcceptedInvitation {
  wishlistId: string;
  message: string;
}

/** The web page an invitation mail links to. */
export const invitationPath = (token: string) => `/invitations/${token}`;

/** POST /upload answer */
export interface UploadedImage {
  url: string;
}

/** Link helpers shared by the dashboard, the list page and share mails. */
export const sharePath = (wishlistId: string) => `/share/wishlist/${wishlistId}`;
export const ownerPath = (wishlistId: string) => `/wishlist/${wishlistId}`;
export const claimPath = (token: string) => `/claims/${token}`;
export const defaultCoverImage = (theme: WishlistTheme) => `/covers/${theme.toLowerCase().replace(/\s+/g, '-')}.svg`;
