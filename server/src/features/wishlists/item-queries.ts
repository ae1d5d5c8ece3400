import { and, eq, lte, sql, type SQLWrapper } from 'drizzle-orm';
import type { DataStore, Db, Tables } from '../../db/store';
import type { ItemRow } from './mappers';
import { listWritesOf } from './list-writes';
import { LIST_CHANGED } from './share-cache';

/** Rows per insert statement: well under SQLite's bound parameters per statement. */
const INSERT_CHUNK = 200;

export type ImageCopyColumns = {
  storedImageUrl: string;
  imageCheckedAt: Date | null;
  imageCopyTries: number;
  imageCopyDueAt: Date | null;
};

export type NewItemRow = Tables['items']['$inferInsert'] & ImageCopyColumns;
type ItemChanges = Partial<Omit<Tables['items']['$inferInsert'], 'id' | 'wishlistId' | 'createdAt'>>;

/**
 * The item insert, prepared for an image copy queued (`copyPending`) or not: Drizzle runs every
 * placeholder through its column's mapper, which refuses a null timestamp, so the one of
 * imageCheckedAt / imageCopyDueAt left null is written as a literal.
 */
function insertStatement({ tables: { items }, engine }: DataStore, db: Db, copyPending: boolean) {
  const column = (name: keyof typeof items.$inferInsert) => sql.placeholder(name);
  const insert = db
    .insert(items)
    .values({
      id: column('id'),
      wishlistId: column('wishlistId'),
      title: column('title'),
      url: column('url'),
      shopDomain: column('shopDomain'),
      notes: column('notes'),
      description: column('description'),
      quantity: column('quantity'),
      priority: column('priority'),
      price: column('price'),
      priceMinor: column('priceMinor'),
      currency: column('currency'),
      imageUrl: column('imageUrl'),
      storedImageUrl: column('storedImageUrl'),
      imageCheckedAt: copyPending ? null : column('imageCheckedAt'),
      imageCopyTries: column('imageCopyTries'),
      imageCopyDueAt: copyPending ? column('imageCopyDueAt') : null,
      isGroupGift: column('isGroupGift'),
      giftCardUrl: column('giftCardUrl'),
      referralProgram: column('referralProgram'),
      position: placeAtEnd(items, sql.placeholder('wishlistId')),
      createdAt: column('createdAt'),
      updatedAt: column('updatedAt'),
    })
    .returning();
  // The list's share views are dropped by the statement itself (PostgreSQL: no NOTIFY after it).
  return listWritesOf(engine).announcing(db, insert, LIST_CHANGED);
}

/** A list's next place: after its last item. */
function placeAtEnd(items: DataStore['tables']['items'], listId: SQLWrapper | string) {
  return sql<number>`(SELECT coalesce(max(${items.position}), -1) + 1 FROM ${items} WHERE ${items.wishlistId} = ${listId})`;
}

/** The items' writes of owners and editors (guests' purchases: the claim statements). */
export class ItemQueries {
  private readonly insertQueuingCopyOn;
  private readonly insertOn;

  constructor(private readonly store: DataStore) {
    this.insertQueuingCopyOn = store.prepared((db) => insertStatement(store, db, true));
    this.insertOn = store.prepared((db) => insertStatement(store, db, false));
  }

  private get items() {
    return this.store.tables.items;
  }

  /**
   * One item after the list's last, sharing a commit with the writes of the same moment; the
   * price watch's columns are left out (a null timestamp cannot be a placeholder): setPriceWatch.
   */
  async insert(values: NewItemRow): Promise<ItemRow> {
    const insertOn = values.imageCheckedAt === null ? this.insertQueuingCopyOn : this.insertOn;
    const [row] = await this.store.groupCommit((db) => insertOn(db).execute(values));
    return row!;
  }

  /** New items of one list inside the caller's transaction, after its last item, in statements of a few hundred rows. */
  async insertRows(tx: Db, values: NewItemRow[]): Promise<ItemRow[]> {
    const { items } = this;
    const listId = values[0]?.wishlistId ?? '';
    const [end] = await tx.select({ next: placeAtEnd(items, listId) }).from(items).limit(1);
    const placed = values.map((value, index) => ({ ...value, position: (end?.next ?? 0) + index }));
    const rows: ItemRow[] = [];
    for (let start = 0; start < placed.length; start += INSERT_CHUNK) {
      rows.push(...(await tx.insert(items).values(placed.slice(start, start + INSERT_CHUNK)).returning()));
    }
    return rows;
  }

  async setPriceWatch(itemId: string, nextCheckAt: Date, priceSource: NewItemRow['priceSource']): Promise<void> {
    const { items } = this;
    await this.store.groupCommit((db) => db.update(items).set({ nextCheckAt, priceSource }).where(eq(items.id, itemId)));
  }

  /** Changes an item; with `atLeastPurchased`, only while no more units than that are reserved (undefined: it changed nothing). */
  async update(itemId: string, changes: ItemChanges, atLeastPurchased?: number): Promise<ItemRow | undefined> {
    const { items } = this;
    const [row] = await this.store.db
      .update(items)
      .set(changes)
      .where(and(eq(items.id, itemId), atLeastPurchased === undefined ? undefined : lte(items.quantityPurchased, atLeastPurchased)))
      .returning();
    return row;
  }

  async delete(itemId: string): Promise<void> {
    const { items } = this;
    await this.store.db.delete(items).where(eq(items.id, itemId));
  }

  /** The ids of the list's items, their rows locked until the transaction ends (see ListWrites.lockingRowsOf). */
  async lockedIdsOf(listId: string, tx: Db): Promise<string[]> {
    const { items } = this;
    const rows = await listWritesOf(this.store.engine).lockingRowsOf(tx.select({ id: items.id }).from(items).where(eq(items.wishlistId, listId)).orderBy(items.id), items);
    return rows.map((row) => row.id);
  }

  /** Puts the list's items in the order of `itemIds`. */
  async setPositions(listId: string, itemIds: readonly string[], tx: Db): Promise<void> {
    const { items } = this;
    for (const [position, id] of itemIds.entries()) await tx.update(items).set({ position }).where(and(eq(items.id, id), eq(items.wishlistId, listId)));
  }

  /** Moves an item, with its claims, to the end of another list. */
  async move(itemId: string, destinationId: string, changes: Pick<ItemChanges, 'purchasesHiddenUntil' | 'updatedAt'>, tx: Db): Promise<ItemRow | undefined> {
    const { items } = this;
    const { claims } = this.store.tables;
    await tx.update(claims).set({ wishlistId: destinationId }).where(eq(claims.itemId, itemId));
    const [row] = await tx
      .update(items)
      .set({ ...changes, wishlistId: destinationId, position: placeAtEnd(items, destinationId) })
      .where(eq(items.id, itemId))
      .returning();
    return row;
  }

  /** A copy of an item (`values`, a new id) at the end of its list. */
  async insertCopy(values: ItemRow): Promise<ItemRow> {
    const { items } = this;
    const [row] = await this.store.db
      .insert(items)
      .values({ ...values, position: placeAtEnd(items, values.wishlistId) })
      .returning();
    return row!;
  }
}
