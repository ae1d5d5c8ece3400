import { and, asc, eq, lte } from 'drizzle-orm';
import type { DataStore } from '../../db/store';

/** An item whose check is due, with what the check needs. */
export type DueItem = { id: string; listId: string; title: string; url: string; priceMinor: number | null; priceSource: string; dueAt: Date | null; watched: boolean };

/**
 * The items whose check is due at `now`, earliest first, at most `limit`: read from
 * items_next_check_idx (due-by-index.test.ts holds both engines to it), never a scan of all items.
 */
export function dueChecks(store: DataStore, now: Date, limit: number) {
  const { items, wishlists } = store.tables;
  return store.db
    .select({
      id: items.id,
      listId: items.wishlistId,
      title: items.title,
      url: items.url,
      priceMinor: items.priceMinor,
      priceSource: items.priceSource,
      dueAt: items.nextCheckAt,
      watched: and(items.priceWatch, wishlists.priceWatch, eq(wishlists.isDeleted, false))!.mapWith(Boolean),
    })
    .from(items)
    .innerJoin(wishlists, eq(wishlists.id, items.wishlistId))
    .where(lte(items.nextCheckAt, now))
    .orderBy(asc(items.nextCheckAt))
    .limit(limit);
}
