/**
 * Export and import of wish lists (GET /wishlists/{id}/export, GET /users/export,
 * POST /wishlists/import) and adding many items at once (POST /wishlists/{id}/items/bulk).
 */
import type { ColorSet, WishlistTheme } from './constants';
import type { Claim, Item, ItemInput } from './wishlist-types';

export const LIST_EXPORT_FORMAT = 'wishwell-list';
export const ACCOUNT_EXPORT_FORMAT = 'wishwell-account';
export const EXPORT_VERSION = 1;

/** The most items one import or one bulk add may create. */
export const MAX_IMPORT_ITEMS = 1000;
export const MAX_BULK_ITEMS = 100;

/** The list's own settings, as a re-import creates them. */
export interface ExportedListSettings {
  name: string;
  description: string;
  theme: WishlistTheme;
  isRecurring: boolean;
  eventDate: string | null;
  expiresAt: string | null;
  /** An uploaded cover (/uploads/…, shown on this server), a web address, or null for the theme's. */
  coverImage: string | null;
  colorSet: ColorSet;
  surpriseUntil: string | null;
  editorsSeeClaims: boolean;
  allowOverPledge: boolean;
}

/**
 * An item as exported: what the owner wrote, and units reserved only when the exporter may see
 * them (never who). quantityPurchased is informational: a re-import starts with nothing reserved.
 */
export type ExportedItem = Pick<
  Item,
  'title' | 'url' | 'price' | 'currency' | 'quantity' | 'priority' | 'notes' | 'description' | 'imageUrl' | 'isGroupGift' | 'quantityPurchased' | 'createdAt'
>;

/** GET /wishlists/{id}/export?format=json: complete and re-importable. */
export interface ListExport {
  format: typeof LIST_EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  list: ExportedListSettings;
  items: ExportedItem[];
}

/** The columns of the CSV export, in order (its first row). */
export const CSV_COLUMNS = ['title', 'url', 'price', 'currency', 'quantity', 'priority', 'notes', 'description', 'imageUrl', 'isGroupGift'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** GET /users/export: everything the server holds about the account. */
export interface AccountExport {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  account: {
    _id: string;
    name: string;
    email: string;
    country: string;
    currency: string;
    language: string | null;
    isAdmin: boolean;
    registeredOnDomain: string;
    createdAt: string;
    updatedAt: string;
  };
  signIn: {
    hasPassword: boolean;
    providers: { issuer: string; subject: string; linkedAt: string }[];
    /** Sign-ins through a provider still open (their tokens are never exported). */
    providerSessions: { issuer: string; expiresAt: string }[];
    /** Password sessions are signed tokens the server does not store: nothing to list. */
    note: string;
  };
  /** Names and scopes only: a token's secret is never stored, let alone exported. */
  apiTokens: { name: string; scope: string; createdAt: string; expiresAt: string | null; lastUsedAt: string | null }[];
  /** Lists the account owns, deleted ones included (kept until an operator purges them). */
  lists: (ListExport & { _id: string; isDeleted: boolean })[];
  /** Lists the account edits for someone else: names only (their content is the owner's). */
  editing: { _id: string; name: string }[];
  /** What the account reserved as a buyer on others' lists. */
  reservations: Claim[];
  /** Images the account uploaded. */
  uploads: { url: string; contentType: string; sizeBytes: number; createdAt: string }[];
}

/** POST /wishlists/import: the file's text; `name` names the new list (required but for a JSON export, whose own name is the default). */
export interface ImportBody {
  content: string;
  name?: string;
}

export interface ImportResult {
  wishlist: { _id: string; name: string };
  format: 'json' | 'csv' | 'links';
  itemCount: number;
  /** What of the file was left out, and why ("Line 4: …"), in the caller's language. */
  skipped: string[];
}

/** POST /wishlists/{id}/items/bulk */
export interface BulkItemsBody {
  items: ItemInput[];
}
