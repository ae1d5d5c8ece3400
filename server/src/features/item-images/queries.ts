import { and, asc, eq, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import type { DataStore } from '../../db/store';
import type { ImageCopyColumns } from '../wishlists/item-queries';

/** An item whose image copy is due, with its list's owner (whose quota the copy counts against). */
export interface DueCopy {
  id: string;
  listId: string;
  ownerId: string | null;
  imageUrl: string;
  dueAt: Date | null;
}

/** The image copy queue's reads and writes: it lives in the item rows (imageCheckedAt null: a copy pending). */
export class ItemImageQueries {
  constructor(private readonly store: DataStore) {}

  private get items() {
    return this.store.tables.items;
  }

  /** Up to `limit` copies queued and due by `now`, the earliest due first. */
  queuedCopies(now: Date, limit: number): Promise<DueCopy[]> {
    return this.pendingCopies(lte(this.items.imageCopyDueAt, now), limit);
  }

  /** Up to `limit` shop images of items saved before copies were queued (no due time). */
  unqueuedCopies(limit: number): Promise<DueCopy[]> {
    const { items } = this;
    return this.pendingCopies(and(isNull(items.imageCopyDueAt), like(items.imageUrl, 'http%'))!, limit);
  }

  /**
   * Takes a due copy until `lease`, counting a try; answers the tries, or undefined when another
   * replica took it first (the conditional update still finds the old due time for one of them only).
   */
  async take(copy: DueCopy, lease: Date): Promise<number | undefined> {
    const { items } = this;
    const stillDue = copy.dueAt === null ? isNull(items.imageCopyDueAt) : eq(items.imageCopyDueAt, copy.dueAt);
    const [taken] = await this.store.db
      .update(items)
      .set({ imageCopyDueAt: lease, imageCopyTries: sql`${items.imageCopyTries} + 1` })
      .where(and(eq(items.id, copy.id), isNull(items.imageCheckedAt), stillDue))
      .returning({ tries: items.imageCopyTries });
    return taken?.tries;
  }

  /** Writes a copy's outcome while the item still shows `imageUrl` and the lease is still `lease`; false otherwise. */
  async settle(itemId: string, imageUrl: string, lease: Date, outcome: Partial<ImageCopyColumns>): Promise<boolean> {
    const { items } = this;
    const updated = await this.store.db
      .update(items)
      .set(outcome)
      .where(and(eq(items.id, itemId), eq(items.imageUrl, imageUrl), isNull(items.imageCheckedAt), eq(items.imageCopyDueAt, lease)))
      .returning({ id: items.id });
    return updated.length > 0;
  }

  private pendingCopies(due: SQL, limit: number): Promise<DueCopy[]> {
    const { db, tables: { items, wishlists } } = this.store;
    return db
      .select({ id: items.id, listId: items.wishlistId, ownerId: wishlists.ownerId, imageUrl: items.imageUrl, dueAt: items.imageCopyDueAt })
      .from(items)
      .innerJoin(wishlists, eq(wishlists.id, items.wishlistId))
      .where(and(isNull(items.imageCheckedAt), due))
      .orderBy(asc(items.imageCopyDueAt))
      .limit(limit);
  }
}
