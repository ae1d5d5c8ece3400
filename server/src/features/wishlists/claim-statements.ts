import { and, eq, gt, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { MAX_PLEDGED_MINOR } from '@wishwell/shared/money';
import type { DataStore, Db, FollowingInsert } from '../../db/store';

/**
 * The prepared statements of guests' claim writes (purchases, pledges, changes through a manage
 * link): built once per store (`DataStore.prepared`), so a write pays for the database's work
 * and not for assembling its SQL again.
 */
export type ClaimStatements = ReturnType<typeof prepareClaimStatements>;

/** The list is one guests may see at `now`, as SQL on the row of `items` being written. */
export function listIsShared({ tables: { items, wishlists } }: DataStore, now: SQL | Date): SQL {
  return sql`EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.id} = ${items.wishlistId} AND ${eq(wishlists.isDeleted, false)}
    AND ${eq(wishlists.isDisabled, false)} AND (${wishlists.expiresAt} IS NULL OR ${gt(wishlists.expiresAt, now)}))`;
}

/**
 * The bounds of `withinPriceSql` for a pledge changing by `deltaMinor` towards `priceMinor`:
 * it fits when the pledges so far are at most `fitsUpTo` (within the price), or at most
 * `overFitsUpTo` on a list that allows over-pledging (always within MAX_PLEDGED_MINOR). Written
 * as subtractions so no sum can overflow; a smaller pledge always fits.
 */
export function pledgeRoom(deltaMinor: number, priceMinor: number): { fitsUpTo: number; overFitsUpTo: number } {
  if (deltaMinor <= 0) return { fitsUpTo: MAX_PLEDGED_MINOR, overFitsUpTo: MAX_PLEDGED_MINOR };
  return { fitsUpTo: priceMinor - deltaMinor, overFitsUpTo: MAX_PLEDGED_MINOR - deltaMinor };
}

function withinPriceSql({ tables: { items, wishlists } }: DataStore, { fitsUpTo, overFitsUpTo }: { fitsUpTo: unknown; overFitsUpTo: unknown }): SQL {
  return sql`(${items.pledgedMinor} <= ${fitsUpTo}
    OR (${items.pledgedMinor} <= ${overFitsUpTo}
      AND EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.id} = ${items.wishlistId} AND ${eq(wishlists.allowOverPledge, true)})))`;
}

export function prepareClaimStatements(store: DataStore, db: Db) {
  const { claims, items, wishlists } = store.tables;
  // Timestamps go through the column's encoder (ms on SQLite, a timestamp on PostgreSQL).
  const now = sql.param(sql.placeholder('now'), wishlists.expiresAt);
  const onSharedList = listIsShared(store, sql`${now}`);
  const delta = sql.placeholder('delta');
  const maxPledged = sql.raw(String(MAX_PLEDGED_MINOR));
  /** The claim a purchase or pledge adds on item `itemId` of list `listId` at `now` (placeholders, as the UPDATE's). */
  const newClaim = (share: { kind: 'purchase' | 'pledge'; quantity: Placeholder | number; amountMinor: Placeholder | number }): FollowingInsert<typeof claims> => ({
    table: claims,
    values: {
      id: sql.placeholder('claimId'),
      itemId: sql.placeholder('itemId'),
      wishlistId: sql.placeholder('listId'),
      ...share,
      name: sql.placeholder('name'),
      email: sql.placeholder('email'),
      userId: sql.placeholder('userId'),
      tokenHash: sql.placeholder('tokenHash'),
      createdAt: sql.placeholder('now'),
      updatedAt: sql.placeholder('now'),
    },
  });
  const claimWithItem = (owned: SQL) =>
    store.dialect
      .lockingRowsOf(
        db
          .select({
            claim: claims,
            item: items,
            list: {
              id: wishlists.id,
              name: wishlists.name,
              allowOverPledge: wishlists.allowOverPledge,
              isDeleted: wishlists.isDeleted,
              isDisabled: wishlists.isDisabled,
              expiresAt: wishlists.expiresAt,
            },
          })
          .from(claims)
          .innerJoin(items, eq(items.id, claims.itemId))
          .innerJoin(wishlists, eq(wishlists.id, items.wishlistId))
          .where(owned),
        claims,
      )
      .prepare();
  /** A changed claim's share: its units and amount afterwards, set only once its item took the change. */
  const setClaimShare = {
    table: claims,
    set: { quantity: sql`${sql.placeholder('quantity')}`, amountMinor: sql`${sql.placeholder('amountMinor')}`, updatedAt: sql`${now}` },
    where: eq(claims.id, sql.placeholder('claimId')),
  };
  return {
    /**
     * A purchase: one conditional UPDATE either adds the whole quantity without passing
     * `quantity` (on a list guests may see) or changes nothing, so concurrent buyers cannot
     * oversell (PostgreSQL re-checks the WHERE on the locked row); the buyer's claim is added
     * only when it did. Run through `compoundWrite`: one statement on PostgreSQL.
     */
    purchase: store.dialect.updateThenInsert(
      db,
      db
        .update(items)
        .set({ quantityPurchased: sql`${items.quantityPurchased} + ${delta}`, updatedAt: sql`${now}` })
        .where(
          and(
            eq(items.id, sql.placeholder('itemId')),
            eq(items.wishlistId, sql.placeholder('listId')),
            sql`${items.quantityPurchased} + ${delta} <= ${items.quantity}`,
            // A group gift guests are pledging towards is paid for by pledges, not bought outright.
            or(eq(items.isGroupGift, false), eq(items.pledgeCount, 0)),
            onSharedList,
          ),
        )
        .returning(),
      newClaim({ kind: 'purchase', quantity: delta, amountMinor: 0 }),
    ),
    /**
     * A new pledge of `delta` (> 0) minor units on a group gift with a price, only while it fits
     * (pledgeRoom, worked out here from the item's price) and the item is not bought outright;
     * its claim is added with it (as for a purchase).
     */
    pledge: store.dialect.updateThenInsert(
      db,
      db
        .update(items)
        .set({ pledgedMinor: sql`${items.pledgedMinor} + ${delta}`, pledgeCount: sql`${items.pledgeCount} + 1`, updatedAt: sql`${now}` })
        .where(
          and(
            eq(items.id, sql.placeholder('itemId')),
            eq(items.wishlistId, sql.placeholder('listId')),
            eq(items.isGroupGift, true),
            gt(items.priceMinor, 0),
            lt(items.quantityPurchased, items.quantity),
            withinPriceSql(store, { fitsUpTo: sql`${store.dialect.smaller(items.priceMinor, maxPledged)} - ${delta}`, overFitsUpTo: sql`${maxPledged} - ${delta}` }),
            onSharedList,
          ),
        )
        .returning(),
      newClaim({ kind: 'pledge', quantity: 0, amountMinor: delta }),
    ),
    /**
     * A claim (by its manage token, or by id for its owner) with its item and what a change needs
     * of its list. It locks the claim (PostgreSQL) so two changes of one claim queue up: the
     * second reads the claim as the first left it, or nothing once it was undone.
     */
    claimByToken: claimWithItem(eq(claims.tokenHash, sql.placeholder('tokenHash'))),
    claimOfUser: claimWithItem(and(eq(claims.id, sql.placeholder('claimId')), eq(claims.userId, sql.placeholder('userId')))!),
    /** An item as it is now: what a refused change is worded from. */
    item: db
      .select()
      .from(items)
      .where(eq(items.id, sql.placeholder('itemId')))
      .prepare(),
    /** A purchase claim changes to `quantity` units (`delta` more on its item), never past the item's quantity. */
    changeUnits: store.dialect.updateThenUpdate(
      db,
      db
        .update(items)
        .set({ quantityPurchased: sql`${items.quantityPurchased} + ${delta}`, updatedAt: sql`${now}` })
        .where(and(eq(items.id, sql.placeholder('itemId')), sql`${items.quantityPurchased} + ${delta} <= ${items.quantity}`, onSharedList))
        .returning(),
      setClaimShare,
    ),
    /** A pledge changes to `amountMinor` (`delta` more on its item) while it fits (see pledgeRoom) at the price it was checked against. */
    changeAmount: store.dialect.updateThenUpdate(
      db,
      db
        .update(items)
        .set({ pledgedMinor: sql`${items.pledgedMinor} + ${delta}`, updatedAt: sql`${now}` })
        .where(and(eq(items.id, sql.placeholder('itemId')), eq(items.price, sql.placeholder('price')), withinPriceSql(store, { fitsUpTo: sql.placeholder('fitsUpTo'), overFitsUpTo: sql.placeholder('overFitsUpTo') }), onSharedList))
        .returning(),
      setClaimShare,
    ),
  };
}
