import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DataStore, Db, Row } from '../../db/store';
import { listIsShared, UNCLAIMED } from './claim-statements';
import type { ItemRow } from './mappers';

type ClaimRow = Row<'claims'>;

/** A claim with its item and the list fields a claim's page shows. */
export interface ClaimWithItem {
  claim: ClaimRow;
  item: ItemRow;
  list: { id: string; name: string; allowOverPledge: boolean };
}

/**
 * The claims' reads (a claim's page, a browser's and an account's claims) and the re-list; a
 * purchase's, pledge's, change's and undo's statements are the claim statements'. Every read
 * answers only claims on lists guests may see at `now`.
 */
export class ClaimQueries {
  constructor(private readonly store: DataStore) {}

  private get claims() {
    return this.store.tables.claims;
  }

  /** The claim its manage token's hash opens. */
  async byTokenHash(tokenHash: string, now: Date): Promise<ClaimWithItem | undefined> {
    return (await this.where(eq(this.claims.tokenHash, tokenHash), now, 1))[0];
  }

  /** The account's claim of that id. */
  async ofUser(userId: string, claimId: string, now: Date): Promise<ClaimWithItem | undefined> {
    return (await this.where(and(eq(this.claims.id, claimId), eq(this.claims.userId, userId))!, now, 1))[0];
  }

  /** The claims on the list whose tokens hash to `tokenHashes`. */
  held(listId: string, tokenHashes: string[], now: Date): Promise<ClaimWithItem[]> {
    const { claims } = this;
    return this.where(and(inArray(claims.tokenHash, tokenHashes), eq(claims.wishlistId, listId))!, now, tokenHashes.length);
  }

  /** The account's newest `limit` claims. */
  allOfUser(userId: string, now: Date, limit: number): Promise<ClaimWithItem[]> {
    return this.where(eq(this.claims.userId, userId), now, limit);
  }

  /** The item's claims. */
  ofItem(listId: string, itemId: string, db: Db = this.store.db): Promise<ClaimRow[]> {
    return db.select().from(this.claims).where(this.ofItemCondition(listId, itemId));
  }

  /** Re-lists an item: its claims go (answered) and it is wanted whole again (undefined: no such item). */
  async relist(listId: string, itemId: string, at: Date, tx: Db): Promise<{ removed: ClaimRow[]; item: ItemRow | undefined }> {
    const { items } = this.store.tables;
    const removed = await tx.delete(this.claims).where(this.ofItemCondition(listId, itemId)).returning();
    const [item] = await tx.update(items).set({ ...UNCLAIMED, updatedAt: at }).where(and(eq(items.id, itemId), eq(items.wishlistId, listId))).returning();
    return { removed, item };
  }

  /** These accounts' addresses. */
  async addressesOf(userIds: string[], db: Db = this.store.db): Promise<string[]> {
    if (userIds.length === 0) return [];
    const { users } = this.store.tables;
    const rows = await db.select({ email: users.email }).from(users).where(inArray(users.id, userIds));
    return rows.map((row) => row.email);
  }

  private ofItemCondition(listId: string, itemId: string): SQL {
    return and(eq(this.claims.itemId, itemId), eq(this.claims.wishlistId, listId))!;
  }

  /** The claims matching `condition` on lists guests may see at `now`, newest first. */
  private where(condition: SQL, now: Date, limit: number): Promise<ClaimWithItem[]> {
    const { claims } = this;
    const { items, wishlists } = this.store.tables;
    const onSharedList = sql`EXISTS (SELECT 1 FROM ${items} WHERE ${items.id} = ${claims.itemId} AND ${listIsShared(this.store, now)})`;
    return this.store.db
      .select({ claim: claims, item: items, list: { id: wishlists.id, name: wishlists.name, allowOverPledge: wishlists.allowOverPledge } })
      .from(claims)
      .innerJoin(items, eq(items.id, claims.itemId))
      .innerJoin(wishlists, eq(wishlists.id, claims.wishlistId))
      .where(and(condition, onSharedList))
      .orderBy(desc(claims.createdAt), desc(claims.id))
      .limit(limit);
  }
}
