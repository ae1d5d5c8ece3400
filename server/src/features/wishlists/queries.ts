import { dateOf, type Clock } from '../../clock';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DataStore, Db, Tables } from '../../db/store';
import { StoreQueries } from '../../db/store-queries';
import type { EditorRow, ItemRow, ListItemStats, OwnerRow, WishlistRow } from './mappers';

/** Buyer names shown on one item stop growing past this many characters. */
const MAX_BUYER_NAMES_LENGTH = 300;

/** An item of a list (undefined: none of that id on that list). */
export async function itemOfList({ db, tables: { items } }: DataStore, listId: string, itemId: string): Promise<ItemRow | undefined> {
  return (await db.select().from(items).where(and(eq(items.id, itemId), eq(items.wishlistId, listId))))[0];
}

function joinNames(names: string[]): string {
  let joined = '';
  for (const name of names) {
    const next = joined === '' ? name : `${joined}, ${name}`;
    if (next.length > MAX_BUYER_NAMES_LENGTH) break;
    joined = next;
  }
  return joined;
}

type NewList = Tables['wishlists']['$inferInsert'];
type ListChanges = Partial<Omit<NewList, 'id' | 'ownerId' | 'createdAt'>>;

/**
 * The lists' reads the wish list services share, and the lists' own writes; items' writes are
 * ItemQueries', editor invitations' InvitationQueries', claims' the claim statements'.
 */
export class WishlistQueries extends StoreQueries {
  private readonly listById;
  private readonly ownerById;
  private readonly editorLink;
  private readonly capability;
  private readonly itemsOfList;

  constructor(
    store: DataStore,
    /** The wish list feature's time: reveal dates, claims, invitations. */
    readonly clock: Clock,
  ) {
    super(store);
    const { db, tables } = store;
    const { wishlists, users, wishlistEditors, wishlistCapabilities, items } = tables;
    this.listById = db.select().from(wishlists).where(eq(wishlists.id, sql.placeholder('id'))).prepare();
    this.ownerById = db
      .select({ id: users.id, name: users.name, currency: users.currency })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare();
    this.editorLink = db
      .select({ userId: wishlistEditors.userId })
      .from(wishlistEditors)
      .where(and(eq(wishlistEditors.wishlistId, sql.placeholder('listId')), eq(wishlistEditors.userId, sql.placeholder('userId'))))
      .prepare();
    this.capability = db
      .select({ wishlistId: wishlistCapabilities.wishlistId })
      .from(wishlistCapabilities)
      .where(eq(wishlistCapabilities.secretHash, sql.placeholder('hash')))
      .prepare();
    // The owner's order; items added at once may share a place: the older first (ids are time-ordered).
    this.itemsOfList = db
      .select()
      .from(items)
      .where(eq(items.wishlistId, sql.placeholder('listId')))
      .orderBy(asc(items.position), asc(items.createdAt), asc(items.id))
      .prepare();
  }

  async list(id: string): Promise<WishlistRow | undefined> {
    return (await this.listById.execute({ id }))[0];
  }

  async owner(ownerId: string | null): Promise<OwnerRow | null> {
    return ownerId ? ((await this.ownerById.execute({ id: ownerId }))[0] ?? null) : null;
  }

  async isEditor(listId: string, userId: string): Promise<boolean> {
    return (await this.editorLink.execute({ listId, userId })).length > 0;
  }

  /** The list a capability secret's hash opens, if any. */
  async capabilityList(secretHash: string): Promise<string | undefined> {
    return (await this.capability.execute({ hash: secretHash }))[0]?.wishlistId;
  }

  /** Newest first, so a new item shows on the first page. */
  items(listId: string): Promise<ItemRow[]> {
    return this.itemsOfList.execute({ listId });
  }

  /** The accounts holding a reservation of the item (to tell them it was removed; never shown to anyone else). */
  async claimingAccounts(itemId: string): Promise<string[]> {
    const { claims } = this.tables;
    const rows = await this.db.select({ userId: claims.userId }).from(claims).where(and(eq(claims.itemId, itemId), isNotNull(claims.userId)));
    return rows.map((row) => row.userId!);
  }

  /**
   * Each item's buyer names (distinct, in the order they first bought, joined by ', ') for the
   * owner's view: of every item of a list, or of one item (after an edit). Only claims
   * that carry a name are read (the claims indexes by list or item and name), one row per name:
   * purchases without a name, however many, cost nothing here.
   */
  async buyers(of: { listId: string } | { itemId: string }): Promise<Map<string, string>> {
    const { claims } = this.tables;
    const rows = await this.db
      .select({ itemId: claims.itemId, name: claims.name })
      .from(claims)
      // `> ''` rather than `<> ''`: a range the index can seek to.
      .where(and('itemId' in of ? eq(claims.itemId, of.itemId) : eq(claims.wishlistId, of.listId), gt(claims.name, '')))
      .groupBy(claims.itemId, claims.name)
      .orderBy(sql`min(${claims.createdAt})`, sql`min(${claims.id})`);
    const names = new Map<string, string[]>();
    for (const { itemId, name } of rows) {
      const itemNames = names.get(itemId);
      if (itemNames) itemNames.push(name);
      else names.set(itemId, [name]);
    }
    return new Map([...names].map(([itemId, itemNames]) => [itemId, joinNames(itemNames)]));
  }

  item(listId: string, itemId: string): Promise<ItemRow | undefined> {
    return itemOfList(this.store, listId, itemId);
  }

  editors(listId: string): Promise<EditorRow[]> {
    const { users, wishlistEditors } = this.tables;
    return this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(wishlistEditors)
      .innerJoin(users, eq(users.id, wishlistEditors.userId))
      .where(eq(wishlistEditors.wishlistId, listId))
      .orderBy(wishlistEditors.createdAt);
  }

  /** Lists the user owns or edits, not deleted, newest first, with their item counts. */
  async listsOf(userId: string): Promise<{ list: WishlistRow; stats: ListItemStats }[]> {
    const { wishlists, wishlistEditors } = this.tables;
    const edited = this.db.select({ id: wishlistEditors.wishlistId }).from(wishlistEditors).where(eq(wishlistEditors.userId, userId));
    // Items moved out of a surprise list count as purchased only once it is revealed (seesItemPurchases).
    const shownNow = sql`(i.purchases_hidden_until IS NULL OR i.purchases_hidden_until <= ${sql.param(dateOf(this.clock), this.tables.items.purchasesHiddenUntil)})`;
    const rows = await this.db
      .select({
        list: wishlists,
        // Spelled out: Drizzle would leave the outer "id" unqualified, and inside the subquery it means items.id.
        // Mapped to numbers: PostgreSQL answers count(*) as a bigint (a string in JavaScript).
        itemCount: sql<number>`(SELECT count(*) FROM items i WHERE i.wishlist_id = "wishlists"."id")`.mapWith(Number),
        purchasedCount: sql<number>`(SELECT count(*) FROM items i WHERE i.wishlist_id = "wishlists"."id" AND i.quantity_purchased > 0 AND ${shownNow})`.mapWith(Number),
        reservedCount: sql<number>`(SELECT coalesce(sum(i.quantity_purchased + CASE WHEN i.pledge_count > 0 THEN 1 ELSE 0 END), 0) FROM items i WHERE i.wishlist_id = "wishlists"."id")`.mapWith(Number),
      })
      .from(wishlists)
      .where(and(eq(wishlists.isDeleted, false), or(eq(wishlists.ownerId, userId), inArray(wishlists.id, edited))))
      .orderBy(desc(wishlists.createdAt));
    return rows.map((row) => ({ list: row.list, stats: { itemCount: row.itemCount, hasPurchases: row.purchasedCount > 0, reservedCount: row.reservedCount } }));
  }

  /** Owners by id. */
  async owners(ownerIds: string[]): Promise<Map<string, OwnerRow>> {
    if (ownerIds.length === 0) return new Map();
    const { users } = this.tables;
    const rows = await this.db.select({ id: users.id, name: users.name, currency: users.currency }).from(users).where(inArray(users.id, ownerIds));
    return new Map(rows.map((row) => [row.id, row]));
  }

  async insertList(values: NewList, db: Db = this.db): Promise<WishlistRow> {
    const [row] = await db.insert(this.tables.wishlists).values(values).returning();
    return row!;
  }

  /** The capability (its secret's hash) a guest list's creating browser holds. */
  async insertCapability(listId: string, secretHash: string, at: Date, db: Db): Promise<void> {
    await db.insert(this.tables.wishlistCapabilities).values({ secretHash, wishlistId: listId, createdAt: at });
  }

  async updateList(listId: string, changes: ListChanges): Promise<WishlistRow | undefined> {
    const { wishlists } = this.tables;
    const [row] = await this.db.update(wishlists).set(changes).where(eq(wishlists.id, listId)).returning();
    return row;
  }

  /** Turns the admin's disabled flag over; undefined: no such list. */
  async toggleDisabled(listId: string, at: Date): Promise<{ _id: string; isDisabled: boolean } | undefined> {
    const { wishlists } = this.tables;
    const [row] = await this.db
      .update(wishlists)
      .set({ isDisabled: sql`NOT ${wishlists.isDisabled}`, updatedAt: at })
      .where(eq(wishlists.id, listId))
      .returning({ _id: wishlists.id, isDisabled: wishlists.isDisabled });
    return row;
  }

  /** Whether the account was an editor of the list to remove. */
  async removeEditor(listId: string, userId: string): Promise<boolean> {
    const { wishlistEditors } = this.tables;
    const removed = await this.db
      .delete(wishlistEditors)
      .where(and(eq(wishlistEditors.wishlistId, listId), eq(wishlistEditors.userId, userId)))
      .returning({ userId: wishlistEditors.userId });
    return removed.length > 0;
  }

  /**
   * Gives an ownerless list to `userId` (false: it has an owner by now); its capability goes, and
   * the guest's images count against the account's storage quota from then on.
   */
  async attachGuestList(listId: string, userId: string, at: Date, db: Db): Promise<boolean> {
    const { wishlists, wishlistCapabilities, uploads } = this.tables;
    const [attached] = await db
      .update(wishlists)
      .set({ ownerId: userId, updatedAt: at })
      .where(and(eq(wishlists.id, listId), isNull(wishlists.ownerId)))
      .returning({ id: wishlists.id });
    if (!attached) return false;
    await db.delete(wishlistCapabilities).where(eq(wishlistCapabilities.wishlistId, listId));
    await db.update(uploads).set({ uploadedById: userId }).where(and(eq(uploads.guestListId, listId), isNull(uploads.uploadedById)));
    return true;
  }

  /** The ids of the lists `ownerId` owns, deleted ones too. */
  async idsOwnedBy(ownerId: string, db: Db = this.db): Promise<string[]> {
    const { wishlists } = this.tables;
    const rows = await db.select({ id: wishlists.id }).from(wishlists).where(eq(wishlists.ownerId, ownerId));
    return rows.map(({ id }) => id);
  }

  /** The lists whose surprise ended by `now` and whose reveal is not yet mailed, with their owners' addresses. */
  unrevealed(now: Date) {
    const { wishlists, users } = this.tables;
    return this.db
      .select({ id: wishlists.id, name: wishlists.name, owner: { name: users.name, email: users.email, language: users.language } })
      .from(wishlists)
      .leftJoin(users, eq(users.id, wishlists.ownerId))
      .where(and(isNotNull(wishlists.surpriseUntil), lte(wishlists.surpriseUntil, now), isNull(wishlists.revealMailedAt), eq(wishlists.isDeleted, false)));
  }

  /** Marks the list's reveal mailed; false when another run (or replica) marked it first. */
  async markRevealed(listId: string, at: Date, tx: Db): Promise<boolean> {
    const { wishlists } = this.tables;
    const marked = await tx
      .update(wishlists)
      .set({ revealMailedAt: at })
      .where(and(eq(wishlists.id, listId), isNull(wishlists.revealMailedAt)))
      .returning({ id: wishlists.id });
    return marked.length > 0;
  }

  /** Marks these lists deleted (admins still see them) and drops their guest capabilities. */
  async retire(listIds: string[], at: Date, db: Db): Promise<void> {
    if (listIds.length === 0) return;
    const { wishlists, wishlistCapabilities } = this.tables;
    await db.delete(wishlistCapabilities).where(inArray(wishlistCapabilities.wishlistId, listIds));
    await db.update(wishlists).set({ isDeleted: true, updatedAt: at }).where(inArray(wishlists.id, listIds));
  }
}
