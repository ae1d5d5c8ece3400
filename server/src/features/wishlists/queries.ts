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

  /** Lists the user owns or edits, not deleted, newest first. */
  listsOf(userId: string): WishlistRow[] {
    const edited = this.db.select({ id: wishlistEditors.wishlistId }).from(wishlistEditors).where(eq(wishlistEditors.userId, userId));
    return this.db
      .select()
      .from(wishlists)
      .where(and(eq(wishlists.isDeleted, false), or(eq(wishlists.ownerId, userId), inArray(wishlists.id, edited))))
      .orderBy(desc(wishlists.createdAt))
      .all();
  }

  owners(ownerIds: string[]): Map<string, OwnerRow> {
    if (ownerIds.length === 0) return new Map();
    const rows = this.db.select({ id: users.id, name: users.name, currency: users.currency }).from(users).where(inArray(users.id, ownerIds)).all();
    return new Map(rows.map((row) => [row.id, row]));
  }

  itemStats(listIds: string[]): Map<string, ListItemStats> {
    if (listIds.length === 0) return new Map();
    const rows = this.db
      .select({
        listId: items.wishlistId,
        itemCount: sql<number>`count(*)`,
        purchased: sql<number>`sum(${items.quantityPurchased} > 0)`,
      })
      .from(items)
      .where(inArray(items.wishlistId, listIds))
      .groupBy(items.wishlistId)
      .all();
    return new Map(rows.map((row) => [row.listId, { itemCount: row.itemCount, hasPurchases: row.purchased > 0 }]));
  }

  userByEmail(email: string): EditorRow | undefined {
    return this.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
      .get();
  }
}
