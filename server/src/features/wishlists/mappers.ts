/**
 * Rows -> API answers, field by field, so nothing private (e-mails, buyers, capabilities)
 * reaches an answer unless the answer's type names it.
 */
import type { ColorSet, ItemPriority, WishlistTheme } from '@wishwell/shared/constants';
import {
  defaultCoverImage,
  type Item,
  type SurpriseNotice,
  type SharedItem,
  type SharedWishlist,
  type Wishlist,
  type WishlistEditor,
  type WishlistOwner,
  type WishlistSummary,
} from '@wishwell/shared/wishlist-types';
import { fromMinorUnits, toMinorUnits } from '@wishwell/shared/money';
import type { Row } from '../../db/store';

export type WishlistRow = Row<'wishlists'>;
export type ItemRow = Row<'items'>;
export type OwnerRow = Pick<Row<'users'>, 'id' | 'name' | 'currency'>;
export type EditorRow = Pick<Row<'users'>, 'id' | 'name' | 'email'>;
export type ListRole = Wishlist['role'];

export function toSharedItem(row: ItemRow): SharedItem {
  return {
    _id: row.id,
    title: row.title,
    url: row.url,
    notes: row.notes,
    description: row.description,
    quantity: row.quantity,
    priority: row.priority as ItemPriority,
    price: row.price,
    currency: row.currency,
    imageUrl: row.imageUrl,
    displayImageUrl: row.storedImageUrl || row.imageUrl,
    isGroupGift: row.isGroupGift,
    giftCardUrl: row.giftCardUrl,
    quantityPurchased: row.quantityPurchased,
    pledgedTotal: fromMinorUnits(row.pledgedMinor),
    pledgeCount: row.pledgeCount,
    referralProgram: row.referralProgram,
    availability: row.availability === 'gone' || row.availability === 'in_stock' ? row.availability : '',
    createdAt: row.createdAt.toISOString(),
  };
}

/** `purchasedBy`: the names buyers gave, joined ('' when none gave one: shown as Anonymous). */
export function toItem(row: ItemRow, purchasedBy: string): Item {
  return {
    ...toSharedItem(row),
    // As the copy queue reads it: unchecked shop addresses are still to be copied.
    imageCopyPending: row.imageCheckedAt === null && /^https?:\/\//i.test(row.imageUrl),
    wasPrice: row.wasPriceMinor === null ? '' : fromMinorUnits(row.wasPriceMinor),
    isPurchased: isFullyBought(row),
    purchasedBy,
  };
}

/**
 * Whether a caller with `role` sees purchase state now: always outside surprise mode; during it
 * only editors the owner allowed ('Editors can see reservations'). Owners never do.
 */
export function seesPurchases(list: WishlistRow, role: ListRole, nowMs: number): boolean {
  if (list.surpriseUntil === null || list.surpriseUntil.getTime() <= nowMs) return true;
  return role === 'editor' && list.editorsSeeClaims;
}

/**
 * Whether a caller with `role` sees this item's purchase state now: as its list says
 * (seesPurchases), and not while it carries the surprise of a list it was moved out of.
 */
export function seesItemPurchases(list: WishlistRow, role: ListRole, item: ItemRow, nowMs: number): boolean {
  return seesPurchases(list, role, nowMs) && !isLater(item.purchasesHiddenUntil, nowMs);
}

const isLater = (date: Date | null, nowMs: number): date is Date => date !== null && date.getTime() > nowMs;

/** What an item moved out of `source` keeps hidden: the later of its own surprise and the source's, while either lasts. */
export function hiddenAfterMove(item: ItemRow, source: WishlistRow, nowMs: number): Date | null {
  const end = latestMs([item.purchasesHiddenUntil, source.surpriseUntil]);
  return end !== null && end > nowMs ? new Date(end) : null;
}

/** The latest time a surprise hides purchases of the list or any of its items (ms), null when none does. */
export function surpriseEndMs(list: WishlistRow, items: ItemRow[]): number | null {
  return latestMs([list.surpriseUntil, ...items.map((item) => item.purchasesHiddenUntil)]);
}

const latestMs = (dates: (Date | null)[]): number | null => dates.reduce<number | null>((latest, date) => (date && (latest === null || date.getTime() > latest) ? date.getTime() : latest), null);

/** Every unit bought, or a group gift whose pledges reached its price. */
export function isFullyBought(row: ItemRow): boolean {
  if (row.quantityPurchased >= row.quantity) return true;
  const priceMinor = row.isGroupGift ? toMinorUnits(row.price) : null;
  return priceMinor !== null && priceMinor > 0 && row.pledgedMinor >= priceMinor;
}

/** An item as surprise mode shows it: nothing bought; a group gift's pledge total and count stay (never the names). */
export const unbought = (row: ItemRow): ItemRow => ({ ...row, quantityPurchased: 0 });

/** The owner/editor answer for an item: purchase state and buyer names only when the caller may see them. */
export function toOwnerItem(row: ItemRow, list: WishlistRow, role: ListRole, buyers: Map<string, string>, nowMs: number): Item {
  return seesItemPurchases(list, role, row, nowMs) ? toItem(row, buyers.get(row.id) ?? '') : { ...toItem(unbought(row), ''), isPurchased: false };
}

/** The surprise settings of an owner/editor answer; `notice` when purchase state is hidden from this caller. */
function surpriseFields(row: WishlistRow, notice: SurpriseNotice | null) {
  return {
    surpriseUntil: row.surpriseUntil ? row.surpriseUntil.toISOString() : null,
    editorsSeeClaims: row.editorsSeeClaims,
    allowOverPledge: row.allowOverPledge,
    showSuggestions: row.showSuggestions,
    surprise: notice,
  };
}

/** Units bought, and a group gift people are chipping in towards as one gift (however many pledged). */
const giftsReserved = (item: ItemRow) => item.quantityPurchased + (item.pledgeCount > 0 ? 1 : 0);

const noticeOf = (row: WishlistRow, reservedCount: number): SurpriseNotice => ({ reservedCount, revealOn: row.surpriseUntil!.toISOString() });

export function toOwner(row: OwnerRow): WishlistOwner {
  return { _id: row.id, name: row.name, currency: row.currency };
}

export function toEditor(row: EditorRow): WishlistEditor {
  return { _id: row.id, name: row.name, email: row.email };
}

function wishlistFields(row: WishlistRow) {
  const theme = row.theme as WishlistTheme;
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    theme,
    isRecurring: row.isRecurring,
    eventDate: row.eventDate,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    coverImage: row.coverImage || defaultCoverImage(theme),
    colorSet: row.colorSet as ColorSet,
  };
}

/** `buyers`: each item's buyer names (see toItem); `currency`: the list's (see currencyOfList). */
export function toWishlist(
  row: WishlistRow,
  owner: OwnerRow | null,
  currency: string,
  editors: EditorRow[],
  itemRows: ItemRow[],
  buyers: Map<string, string>,
  role: ListRole,
  nowMs: number,
): Wishlist {
  const shown = seesPurchases(row, role, nowMs);
  const reserved = itemRows.reduce((sum, item) => sum + giftsReserved(item), 0);
  return {
    ...wishlistFields(row),
    ...surpriseFields(row, shown ? null : noticeOf(row, reserved)),
    user: owner ? toOwner(owner) : null,
    currency,
    editors: editors.map(toEditor),
    items: itemRows.map((item) => toOwnerItem(item, row, role, buyers, nowMs)),
    isDeleted: row.isDeleted,
    isDisabled: row.isDisabled,
    role,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface ListItemStats {
  itemCount: number;
  hasPurchases: boolean;
  /** Units purchased and pledges made across the list's items. */
  reservedCount: number;
}

export function toWishlistSummary(row: WishlistRow, owner: OwnerRow | null, currency: string, role: 'owner' | 'editor', stats: ListItemStats, nowMs: number): WishlistSummary {
  const shown = seesPurchases(row, role, nowMs);
  return {
    ...wishlistFields(row),
    ...surpriseFields(row, shown ? null : noticeOf(row, stats.reservedCount)),
    user: owner ? toOwner(owner) : null,
    currency,
    role,
    itemCount: stats.itemCount,
    hasPurchases: shown && stats.hasPurchases,
    isDisabled: row.isDisabled,
  };
}

/** The guest's view: the owner's name and currency only, and only items someone still may buy. */
export function toSharedWishlist(row: WishlistRow, owner: OwnerRow | null, currency: string, itemRows: ItemRow[]): SharedWishlist {
  const wanted = itemRows.filter((item) => !isFullyBought(item));
  return {
    ...wishlistFields(row),
    user: owner ? { name: owner.name, currency: owner.currency } : null,
    currency,
    items: wanted.map(toSharedItem),
    purchasedItemCount: itemRows.length - wanted.length,
  };
}
