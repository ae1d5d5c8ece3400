import { and, asc, desc, eq, lte } from 'drizzle-orm';
import type { DataStore, Db, Row, Tables } from '../../db/store';
import type { ItemRow } from '../wishlists/mappers';
import { itemOfList } from '../wishlists/queries';

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

type ReadingChanges = Pick<Partial<Tables['items']['$inferInsert']>, 'availability' | 'priceCheckedAt' | 'priceCheckFailures' | 'nextCheckAt' | 'priceSeenAt' | 'price' | 'priceMinor' | 'currency' | 'wasPriceMinor'>;

/** The price watch's reads and writes besides the due query: items' watch columns and their price history. */
export class PriceWatchQueries {
  constructor(readonly store: DataStore) {}

  private get items() {
    return this.store.tables.items;
  }

  item(listId: string, itemId: string): Promise<ItemRow | undefined> {
    return itemOfList(this.store, listId, itemId);
  }

  /** An item's newest `limit` history points, newest first. */
  history(itemId: string, limit: number): Promise<Row<'priceHistory'>[]> {
    const { priceHistory } = this.store.tables;
    return this.store.db.select().from(priceHistory).where(eq(priceHistory.itemId, itemId)).orderBy(desc(priceHistory.checkedAt)).limit(limit);
  }

  async setItemWatch(itemId: string, watch: boolean, nextCheckAt: Date | null): Promise<void> {
    const { items } = this;
    await this.store.db.update(items).set({ priceWatch: watch, nextCheckAt }).where(eq(items.id, itemId));
  }

  async setListWatch(listId: string, watch: boolean): Promise<void> {
    const { wishlists } = this.store.tables;
    await this.store.db.update(wishlists).set({ priceWatch: watch }).where(eq(wishlists.id, listId));
  }

  /** A good check: its history point, and what it changes of the item. */
  async recordReading(tx: Db, point: Row<'priceHistory'>, changes: ReadingChanges): Promise<void> {
    const { items } = this;
    await tx.insert(this.store.tables.priceHistory).values(point);
    await tx.update(items).set(changes).where(eq(items.id, point.itemId));
  }

  /** The item's failed checks in a row. */
  async failures(itemId: string): Promise<number> {
    const { items } = this;
    const [row] = await this.store.db.select({ failures: items.priceCheckFailures }).from(items).where(eq(items.id, itemId));
    return row?.failures ?? 0;
  }

  async recordFailure(itemId: string, at: Date, failures: number, nextCheckAt: Date): Promise<void> {
    const { items } = this;
    await this.store.db.update(items).set({ priceCheckedAt: at, priceCheckFailures: failures, nextCheckAt }).where(eq(items.id, itemId));
  }

  /** Moves a due check to `at`, unless another run moved it meanwhile (its due time is no longer `dueAt`). */
  async reschedule(itemId: string, dueAt: Date, at: Date): Promise<void> {
    const { items } = this;
    await this.store.db.update(items).set({ nextCheckAt: at }).where(and(eq(items.id, itemId), eq(items.nextCheckAt, dueAt)));
  }
}
