import { and, type ColumnsSelection, eq, gt, lt, or, sql, type Placeholder, type SQL, type Subquery } from 'drizzle-orm';
import { MAX_PLEDGED_MINOR } from '@wishwell/shared/money';
import type { DataStore, Db, StoreWith, TableColumn, UpdateSet } from '../../db/store';
import { listWritesOf, type FollowingInsert, type FollowingWrite, type ListWrites } from './list-writes';
import { LIST_CHANGED } from './share-cache';

/** The kinds of claim: units bought outright, or an amount pledged towards a group gift. */
export type ClaimKind = 'purchase' | 'pledge';

/**
 * The prepared statements of guests' claim writes (purchases, pledges, changes through a manage
 * link): built once per store (`DataStore.prepared`), so a write pays for the database's work
 * and not for assembling its SQL again.
 */
export type ClaimStatements = ReturnType<typeof prepareClaimStatements>;

/** What every claim statement is built from: the store's tables, the engine's writes, and the placeholders all of them share. */
interface ClaimSql {
  store: DataStore;
  db: Db;
  writes: ListWrites;
  /** The write's time (placeholder `now`) through the column's encoder: ms on SQLite, a timestamp on PostgreSQL. */
  now: SQL;
  /** The item's list is one guests may see at `now`. */
  onSharedList: SQL;
}

/** An item with no claims on it (re-listed, or a fresh copy): nothing bought, so nothing a moved-out surprise hides. */
export const UNCLAIMED = { quantityPurchased: 0, pledgedMinor: 0, pledgeCount: 0, purchasesHiddenUntil: null } as const;

/** The list is one guests may see at `now`, as SQL on the row of `items` being written. */
export function listIsShared({ tables: { items, wishlists } }: DataStore, now: SQL | Date): SQL {
  return sql`EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.id} = ${items.wishlistId} AND ${eq(wishlists.isDeleted, false)}
    AND ${eq(wishlists.isDisabled, false)} AND (${wishlists.expiresAt} IS NULL OR ${gt(wishlists.expiresAt, now)}))`;
}

/**
 * The item's pledges leave room for `delta` more: within its price, or within MAX_PLEDGED_MINOR
 * on a list that allows over-pledging. Written as subtractions so no sum can overflow.
 */
function pledgeFits({ tables: { items, wishlists } }: DataStore, writes: ListWrites, delta: unknown): SQL {
  const maxPledged = sql.raw(String(MAX_PLEDGED_MINOR));
  return sql`(${items.pledgedMinor} <= ${writes.smaller(items.priceMinor, maxPledged)} - ${delta}
    OR (${items.pledgedMinor} <= ${maxPledged} - ${delta}
      AND EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.id} = ${items.wishlistId} AND ${eq(wishlists.allowOverPledge, true)})))`;
}

/** `value` (over the columns of `source`, a WITH of one row) as a scalar subquery: how an UPDATE reads the source of `ListWrites.updateFromSource`. */
function valueIn(source: Subquery, value: unknown): SQL {
  return sql`(SELECT ${value} FROM ${source})`;
}

export function prepareClaimStatements(store: DataStore, db: Db) {
  const sqlOf = claimSql(store, db);
  const { claims } = store.tables;
  const byToken = eq(claims.tokenHash, sql.placeholder('tokenHash'));
  const ofUser = and(eq(claims.id, sql.placeholder('claimId')), eq(claims.userId, sql.placeholder('userId')))!;
  return {
    purchase: purchaseOf(sqlOf),
    pledge: pledgeOf(sqlOf),
    /** A claim with its item and list as they are now: what a refused change is worded from. */
    claimByToken: claimWithItem(sqlOf, byToken),
    claimOfUser: claimWithItem(sqlOf, ofUser),
    /** A claim changes or goes through its manage token (`tokenHash`), or by id for its owner (`claimId`, `userId`). */
    changeByToken: changesOf(sqlOf, byToken),
    changeOfUser: changesOf(sqlOf, ofUser),
    undoByToken: undoOf(sqlOf, byToken),
    undoOfUser: undoOf(sqlOf, ofUser),
  };
}

function claimSql(store: DataStore, db: Db): ClaimSql {
  const now = sql`${sql.param(sql.placeholder('now'), store.tables.wishlists.expiresAt)}`;
  return { store, db, writes: listWritesOf(store.engine), now, onSharedList: listIsShared(store, now) };
}

/** A total a change or undo leaves is never below zero, even where an older version left it below its claims' sum. */
function atLeastZero({ writes }: ClaimSql, total: SQL): SQL<number> {
  return sql<number>`${writes.larger(sql.raw('0'), total)}`;
}

/** The claim a purchase or pledge adds on item `itemId` of list `listId` at `now` (placeholders, as the UPDATE's). */
function newClaim({ store }: ClaimSql, share: { kind: ClaimKind; quantity: Placeholder | number; amountMinor: Placeholder | number }): FollowingInsert<DataStore['tables']['claims']> {
  return {
    table: store.tables.claims,
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
  };
}

/**
 * A purchase: one conditional UPDATE either adds the whole quantity without passing
 * `quantity` (on a list guests may see) or changes nothing, so concurrent buyers cannot
 * oversell (PostgreSQL re-checks the WHERE on the locked row); the buyer's claim is added
 * only when it did. Run through `compoundWrite`: one statement on PostgreSQL, which also
 * announces the list's change (its share views drop it on every replica).
 */
function purchaseOf(sqlOf: ClaimSql) {
  const { db, writes, now, onSharedList } = sqlOf;
  const { items } = sqlOf.store.tables;
  const delta = sql.placeholder('delta');
  const update = db
    .update(items)
    .set({ quantityPurchased: sql`${items.quantityPurchased} + ${delta}`, updatedAt: now })
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
    .returning();
  return writes.updateThenInsert(db, update, newClaim(sqlOf, { kind: 'purchase', quantity: delta, amountMinor: 0 }), LIST_CHANGED);
}

/**
 * A new pledge of `delta` (> 0) minor units on a group gift with a price, only while it fits
 * (within the price, or MAX_PLEDGED_MINOR where over-pledging is allowed) and the item is not
 * bought outright; its claim is added with it (as for a purchase).
 */
function pledgeOf(sqlOf: ClaimSql) {
  const { db, writes, now, onSharedList, store } = sqlOf;
  const { items } = store.tables;
  const delta = sql.placeholder('delta');
  const update = db
    .update(items)
    .set({ pledgedMinor: sql`${items.pledgedMinor} + ${delta}`, pledgeCount: sql`${items.pledgeCount} + 1`, updatedAt: now })
    .where(
      and(
        eq(items.id, sql.placeholder('itemId')),
        eq(items.wishlistId, sql.placeholder('listId')),
        eq(items.isGroupGift, true),
        gt(items.priceMinor, 0),
        lt(items.quantityPurchased, items.quantity),
        pledgeFits(store, writes, delta),
        onSharedList,
      ),
    )
    .returning();
  return writes.updateThenInsert(db, update, newClaim(sqlOf, { kind: 'pledge', quantity: 0, amountMinor: delta }), LIST_CHANGED);
}

/** A claim (by its manage token, or by id for its owner) with its item and whether its list is shared. */
function claimWithItem({ db, store }: ClaimSql, owned: SQL) {
  const { claims, items, wishlists } = store.tables;
  return db
    .select({
      claim: claims,
      item: items,
      list: { id: wishlists.id, isDeleted: wishlists.isDeleted, isDisabled: wishlists.isDisabled, expiresAt: wishlists.expiresAt },
    })
    .from(claims)
    .innerJoin(items, eq(items.id, claims.itemId))
    .innerJoin(wishlists, eq(wishlists.id, items.wishlistId))
    .where(owned)
    .prepare();
}

/**
 * The claim (`which`) a change or undo starts from, with its item, both locked (PostgreSQL) so
 * two writes of one claim or item queue up: the second reads them as the first left them (or no
 * claim once it was undone). `itemTotals` are the item's new totals, worked out here from the
 * locked rows (see updateFromSource); the list's name and over-pledging are for the answer.
 */
function claimToWrite<T extends Record<string, SQL.Aliased<number | null>>>({ db, writes, store }: ClaimSql, which: SQL, itemTotals: T) {
  const { claims, items, wishlists } = store.tables;
  // Scalar subqueries, not a join with the list: SQLite runs a WITH's joins again in each scalar
  // subquery of the UPDATE that reads it.
  const ofList = (column: TableColumn) => sql`(SELECT ${column} FROM ${wishlists} WHERE ${wishlists.id} = ${claims.wishlistId})`;
  const select = db
    .select({
      id: claims.id,
      itemId: claims.itemId,
      kind: claims.kind,
      quantity: claims.quantity,
      amountMinor: claims.amountMinor,
      name: claims.name,
      createdAt: claims.createdAt,
      listName: sql<string>`${ofList(wishlists.name)}`.as('list_name'),
      allowOverPledge: sql<boolean>`${ofList(wishlists.allowOverPledge)}`.mapWith(wishlists.allowOverPledge).as('allow_over_pledge'),
      ...itemTotals,
    })
    .from(claims)
    .innerJoin(items, eq(items.id, claims.itemId))
    .where(which);
  return db.$with('claim_to_write').as(writes.lockingRowsOf(select, claims, items));
}

/**
 * The item `itemId` (read from `claim`; on a list guests may see) takes `totals` from `claim`,
 * then `following` writes the claim: one statement on PostgreSQL (see updateFromSource).
 */
function itemThenClaim<S extends ColumnsSelection>(
  { db, writes, store, now, onSharedList }: ClaimSql,
  claim: StoreWith<S, string>,
  itemId: SQL,
  totals: UpdateSet<DataStore['tables']['items']>,
  following: FollowingWrite<DataStore['tables']['claims']>,
) {
  const { items } = store.tables;
  return writes.updateFromSource(
    db,
    claim,
    (builder) => builder.update(items).set({ ...totals, updatedAt: now }).where(and(eq(items.id, itemId), onSharedList)).returning(),
    following,
  );
}

/**
 * What a change of each kind of claim moves: the claim's column (its new value comes in the
 * placeholder of that name), the item's total of it, and when the item takes a difference
 * `delta`: a purchase never past the item's quantity; a pledge only on a group gift that still
 * has a price, a smaller pledge always, a larger one while it fits (as for a new pledge).
 */
function sharesOf({ store, writes }: ClaimSql) {
  const { items } = store.tables;
  return {
    purchase: { claimColumn: 'quantity', itemColumn: 'quantityPurchased', takes: (delta: SQL) => sql`${items.quantityPurchased} + ${delta} <= ${items.quantity}` },
    pledge: {
      claimColumn: 'amountMinor',
      itemColumn: 'pledgedMinor',
      takes: (delta: SQL) => and(eq(items.isGroupGift, true), gt(items.priceMinor, 0), or(sql`${delta} <= 0`, pledgeFits(store, writes, delta))),
    },
  } as const;
}

/**
 * A claim of `kind` found by `owned` changes to its new share, its item (on a list guests may
 * see) taking the difference; the claim changes only once its item took it.
 */
function changeOf(sqlOf: ClaimSql, owned: SQL, kind: ClaimKind) {
  const { claims, items } = sqlOf.store.tables;
  const { claimColumn, itemColumn, takes } = sharesOf(sqlOf)[kind];
  const newShare = sql.placeholder(claimColumn);
  const delta = sql`(${newShare} - ${claims[claimColumn]})`;
  // Null when the item does not take the change: the UPDATE then finds no item.
  const itemTotal = sql<number | null>`CASE WHEN ${takes(delta)} THEN ${atLeastZero(sqlOf, sql`${items[itemColumn]} + ${delta}`)} END`.as('item_total');
  const claim = claimToWrite(sqlOf, and(owned, eq(claims.kind, kind))!, { itemTotal });
  return itemThenClaim(
    sqlOf,
    claim,
    sql`(SELECT ${claim.itemId} FROM ${claim} WHERE ${claim.itemTotal} IS NOT NULL)`,
    { [itemColumn]: valueIn(claim, claim.itemTotal) },
    { table: claims, set: { [claimColumn]: sql`${newShare}`, updatedAt: sqlOf.now }, where: owned },
  );
}

/** The changes of a claim found by `owned`, one per kind: one statement each on PostgreSQL. */
function changesOf(sqlOf: ClaimSql, owned: SQL) {
  return { purchase: changeOf(sqlOf, owned, 'purchase'), pledge: changeOf(sqlOf, owned, 'pledge') };
}

/** The claim found by `owned` goes, its units or pledge wanted again on its item (on a list guests may see). */
function undoOf(sqlOf: ClaimSql, owned: SQL) {
  const { claims, items } = sqlOf.store.tables;
  const ofKind = (kind: ClaimKind, value: unknown) => sql`CASE WHEN ${claims.kind} = ${kind} THEN ${value} ELSE 0 END`;
  const claim = claimToWrite(sqlOf, owned, {
    unitsLeft: atLeastZero(sqlOf, sql`${items.quantityPurchased} - ${ofKind('purchase', claims.quantity)}`).as('units_left'),
    pledgedLeft: atLeastZero(sqlOf, sql`${items.pledgedMinor} - ${ofKind('pledge', claims.amountMinor)}`).as('pledged_left'),
    pledgesLeft: atLeastZero(sqlOf, sql`${items.pledgeCount} - ${ofKind('pledge', 1)}`).as('pledges_left'),
  });
  const totals = { quantityPurchased: valueIn(claim, claim.unitsLeft), pledgedMinor: valueIn(claim, claim.pledgedLeft), pledgeCount: valueIn(claim, claim.pledgesLeft) };
  return itemThenClaim(sqlOf, claim, valueIn(claim, claim.itemId), totals, { table: claims, delete: true, where: owned });
}
