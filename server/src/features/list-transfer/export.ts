/** A list as its owner or an editor may take it away: settings and items, never guests' names. */
import type { ColorSet, ItemPriority, WishlistTheme } from '@wishwell/shared/constants';
import { CSV_COLUMNS, EXPORT_VERSION, LIST_EXPORT_FORMAT, type ExportedItem, type ListExport } from '@wishwell/shared/list-transfer-types';
import { seesItemPurchases, type ItemRow, type ListRole, type WishlistRow } from '../wishlists/mappers';
import { writeCsv } from './csv';

/** The item as exported: units reserved only when `role` may see them now (the surprise holds), never who. */
function exportedItem(item: ItemRow, list: WishlistRow, role: ListRole, nowMs: number): ExportedItem {
  return {
    title: item.title,
    url: item.url,
    price: item.price,
    currency: item.currency,
    quantity: item.quantity,
    priority: item.priority as ItemPriority,
    notes: item.notes,
    description: item.description,
    imageUrl: item.imageUrl,
    isGroupGift: item.isGroupGift,
    quantityPurchased: seesItemPurchases(list, role, item, nowMs) ? item.quantityPurchased : 0,
    createdAt: item.createdAt.toISOString(),
  };
}

export function listExport(list: WishlistRow, items: ItemRow[], role: ListRole, now: Date): ListExport {
  return {
    format: LIST_EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    list: {
      name: list.name,
      description: list.description,
      theme: list.theme as WishlistTheme,
      isRecurring: list.isRecurring,
      eventDate: list.eventDate,
      expiresAt: list.expiresAt?.toISOString() ?? null,
      coverImage: list.coverImage,
      colorSet: list.colorSet as ColorSet,
      surpriseUntil: list.surpriseUntil?.toISOString() ?? null,
      editorsSeeClaims: list.editorsSeeClaims,
      allowOverPledge: list.allowOverPledge,
    },
    items: items.map((item) => exportedItem(item, list, role, now.getTime())),
  };
}

/** The items as CSV for spreadsheets: one row each under CSV_COLUMNS (no reservations). */
export function listCsv(items: ItemRow[]): string {
  const cells = (item: ItemRow) => CSV_COLUMNS.map((column) => String(item[column]));
  return writeCsv([[...CSV_COLUMNS], ...items.map(cells)]);
}

/** A file name for the list's export: its name in safe characters. */
export function exportFileName(listName: string, extension: string): string {
  const base = listName.normalize('NFKD').replace(/[^\w\- ]+/g, '').trim().replace(/\s+/g, '-').slice(0, 60) || 'wishlist';
  return `${base}.${extension}`;
}
