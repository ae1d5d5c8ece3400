import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/open';
import { items, users, wishlistCapabilities, wishlistEditors, wishlists } from '../../db/schema';
import type { EditorRow, ItemRow, ListItemStats, OwnerRow, WishlistRow } from './mappers';

/** The reads the wish list services share; every SQL of the feature lives here or in a service. */
export class WishlistQueries {
  private readonly listById;
  private readonly ownerById;
  private readonly editorLink;
  private readonly capability;
  private readonly itemsOfList;

  constructor(readonly db: Db) {
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
    this.itemsOfList = db
      .select()
      .from(items)
      .where(eq(items.wishlistId, sql.placeholder('listId')))
      .orderBy(desc(items.createdAt), desc(sql`rowid`))
      .prepare();
  }

  list(id: string): WishlistRow | undefined {
    return this.listById.get({ id });
  }

  owner(ownerId: string | null): OwnerRow | null {
    return ownerId ? (this.ownerById.get({ id: ownerId }) ?? null) : null;
  }

  isEditor(listId: string, userId: string): boolean {
    return this.editorLink.get({ listId, userId }) !== undefined;
  }

  /** The list a capability secret's hash opens, if any. */
  capabilityList(secretHash: string): string | undefined {
    return this.capability.get({ hash: secretHash })?.wishlistId;
  }

  /** Newest first, so a new item shows on the first page. */
  items(listId: string): ItemRow[] {
    return this.itemsOfList.all({ listId });
  }

  item(listId: string, itemId: string): ItemRow | undefined {
    return this.db.select().from(items).where(and(eq(items.id, itemId), eq(items.wishlistId, listId))).get();
  }

  editors(listId: string): EditorRow[] {
    return this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(wishlistEditors)
      .innerJoin(users, eq(users.id, wishlistEditors.userId))
      .where(eq(wishlistEditors.wishlistId, listId))
      .orderBy(wishlistEditors.createdAt)
      .all();
  }

  /** Lists the user owns or edits, not deleted, newest first, with their item counts. */
  listsOf(userId: string): { list: WishlistRow; stats: ListItemStats }[] {
    const edited = this.db.select({ id: wishlistEditors.wishlistId }).from(wishlistEditors).where(eq(wishlistEditors.userId, userId));
    const rows = this.db
      .select({
        list: wishlists,
        // Spelled out: Drizzle would leave the outer "id" unqualified, and inside the subquery it means items.id.
        itemCount: sql<number>`(SELECT count(*) FROM items i WHERE i.wishlist_id = "wishlists"."id")`,
        purchasedCount: sql<number>`(SELECT count(*) FROM items i WHERE i.wishlist_id = "wishlists"."id" AND i.quantity_purchased > 0)`,
      })
      .from(wishlists)
      .where(and(eq(wishlists.isDeleted, false), or(eq(wishlists.ownerId, userId), inArray(wishlists.id, edited))))
      .orderBy(desc(wishlists.createdAt))
      .all();
    return rows.map((row) => ({ list: row.list, stats: { itemCount: row.itemCount, hasPurchases: row.purchasedCount > 0 } }));
  }

  /** Owners by id. */
  owners(ownerIds: string[]): Map<string, OwnerRow> {
    if (ownerIds.length === 0) return new Map();
    const rows = this.db.select({ id: users.id, name: users.name, currency: users.currency }).from(users).where(inArray(users.id, ownerIds)).all();
    return new Map(rows.map((row) => [row.id, row]));
  }

  userByEmail(email: string): EditorRow | undefined {
    return this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .get();
  }
}
