import { and, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { claimPath, type Claim, type Item, type PurchaseInput, type PurchaseResult } from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import { preparedPerDb, type DataStore, type Db } from '../../db/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { hashSecret, newSecret, newTimeOrderedId } from '../../ids';
import { isShared, ITEM_NOT_FOUND, LIST_NOT_FOUND, type ListAccess } from './access';
import type { ClaimMail } from './claim-mail';
import { toItem, toSharedItem, type ItemRow } from './mappers';
import type { WishlistQueries } from './queries';
import type { ShareViewCache } from './share-cache';

export const CLAIM_NOT_FOUND = 'Could not find this reservation. It may have been undone or the item re-listed.';
const EMAIL_PATTERN = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const MAX_RESERVATIONS_SHOWN = 200;

/** Who marks an item purchased: their account (if signed in), address and the origin links point at. */
export interface Buyer {
  user: SessionUser | null;
  ip: string;
  origin: string;
}

/** How a claim is found: by its manage token (anyone holding it) or by id for its signed-in owner. */
export type ClaimKey = { token: string } | { userId: string; claimId: string };

export interface ClaimLimits {
  /** /claims/{token} calls per IP: tokens cannot be guessed by trying. */
  tokensPerIp: RateLimiter;
  /** Purchases that send a manage-link mail, per IP. */
  mailsPerIp: RateLimiter;
}

/** The list is one guests may see at `now`, as SQL on the row of `items` being written. */
function listIsShared({ tables: { items, wishlists } }: DataStore, now: SQL | Date): SQL {
  return sql`EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.id} = ${items.wishlistId} AND ${eq(wishlists.isDeleted, false)}
    AND ${eq(wishlists.isDisabled, false)} AND (${wishlists.expiresAt} IS NULL OR ${gt(wishlists.expiresAt, now)}))`;
}

/**
 * One conditional UPDATE: it either adds the whole quantity without passing `quantity` (on a
 * list guests may see) or changes nothing, so concurrent buyers cannot oversell (PostgreSQL
 * re-checks the WHERE on the locked row).
 */
function purchaseStatement(store: DataStore, db: Db) {
  const { items, wishlists } = store.tables;
  const quantity = sql.placeholder('quantity');
  // Timestamps go through the column's encoder (ms on SQLite, a timestamp on PostgreSQL).
  const now = sql.param(sql.placeholder('now'), wishlists.expiresAt);
  return db
    .update(items)
    .set({ quantityPurchased: sql`${items.quantityPurchased} + ${quantity}`, updatedAt: sql`${now}` })
    .where(
      and(
        eq(items.id, sql.placeholder('itemId')),
        eq(items.wishlistId, sql.placeholder('listId')),
        sql`${items.quantityPurchased} + ${quantity} <= ${items.quantity}`,
        listIsShared(store, sql`${now}`),
      ),
    )
    .returning()
    .prepare();
}

function insertClaimStatement({ tables: { claims } }: DataStore, db: Db) {
  const column = (name: keyof typeof claims.$inferInsert) => sql.placeholder(name);
  return db
    .insert(claims)
    .values({
      id: column('id'),
      itemId: column('itemId'),
      wishlistId: column('wishlistId'),
      quantity: column('quantity'),
      name: column('name'),
      email: column('email'),
      userId: column('userId'),
      tokenHash: column('tokenHash'),
      createdAt: column('createdAt'),
      updatedAt: column('updatedAt'),
    })
    .prepare();
}

/** '' or a plausible address (the manage link goes there). */
function claimEmail(email: string | undefined): string {
  const trimmed = email?.trim() ?? '';
  if (trimmed !== '' && (!EMAIL_PATTERN.test(trimmed) || trimmed.length > 254)) throw badRequest(`This is not a valid e-mail address: ${trimmed}`);
  return trimmed;
}

/**
 * Claims: every purchase mark is a row (item, quantity, name, optional e-mail and account, the
 * hash of a manage token). An item's quantityPurchased is the sum of its claims: each change to
 * a claim and to the item's count happens in one transaction, and additions keep the atomic
 * last-unit rule (a conditional UPDATE).
 */
export class ClaimService {
  private readonly purchaseOn;
  private readonly insertClaimOn;

  constructor(
    private readonly queries: WishlistQueries,
    private readonly shareViews: ShareViewCache,
    private readonly mail: ClaimMail,
    private readonly limits: ClaimLimits,
  ) {
    this.purchaseOn = preparedPerDb((db) => purchaseStatement(queries.store, db));
    this.insertClaimOn = preparedPerDb((db) => insertClaimStatement(queries.store, db));
  }

  private get store() {
    return this.queries.store;
  }

  /** A guest buys `quantityPurchased` units; 409 when fewer remain, 404 for hidden lists or unknown items. */
  async purchase(listId: string, itemId: string, input: PurchaseInput, buyer: Buyer): Promise<PurchaseResult> {
    const email = claimEmail(input.email);
    if (email) this.limits.mailsPerIp.hit(buyer.ip);
    const now = new Date();
    const token = newSecret();
    const claimId = newTimeOrderedId();
    const quantity = input.quantityPurchased;
    const row = await this.store.groupTransaction(async (tx) => {
      const [bought] = await this.purchaseOn(tx).execute({ listId, itemId, quantity, now });
      if (!bought) return undefined;
      await this.insertClaimOn(tx).execute({
        id: claimId,
        itemId,
        wishlistId: listId,
        quantity,
        name: input.purchasedBy?.trim() ?? '',
        email,
        userId: buyer.user?.id ?? null,
        tokenHash: hashSecret(token),
        createdAt: now,
        updatedAt: now,
      });
      return bought;
    });
    if (!row) throw await this.purchaseRefusal(listId, itemId, quantity, now.getTime());
    this.shareViews.invalidate(listId);
    const manageUrl = `${await this.mail.origin(buyer.origin)}${claimPath(token)}`;
    if (email) this.mail.sendManageLink(email, { item: row, listId, quantity, manageUrl });
    return { ...toSharedItem(row), claim: { id: claimId, token, manageUrl } };
  }

  /** The claim with its item and list; 404 when the key opens none (or its list is hidden). */
  async get(key: ClaimKey, ip: string | null): Promise<Claim> {
    if ('token' in key && ip !== null) this.limits.tokensPerIp.hit(ip);
    const found = (await this.claimsWhere(this.keyCondition(key), 1))[0];
    if (!found) throw notFound(CLAIM_NOT_FOUND);
    return found;
  }

  /** The signed-in account's claims on lists guests may see, newest first. */
  mine(user: SessionUser): Promise<Claim[]> {
    return this.claimsWhere(eq(this.store.tables.claims.userId, user.id), MAX_RESERVATIONS_SHOWN);
  }

  /** Sets the claim's quantity (1 .. its own units plus the ones still wanted); 409 past that. */
  async change(key: ClaimKey, quantity: number, ip: string | null): Promise<Claim> {
    if ('token' in key && ip !== null) this.limits.tokensPerIp.hit(ip);
    const { claims, items } = this.store.tables;
    const now = new Date();
    const listId = await this.store.transaction(async (tx) => {
      // Touching the claim first locks it (PostgreSQL), so two changes of one claim queue up.
      const [claim] = await tx.update(claims).set({ updatedAt: now }).where(this.keyCondition(key)).returning();
      if (!claim) throw notFound(CLAIM_NOT_FOUND);
      const delta = quantity - claim.quantity;
      const [item] = await tx
        .update(items)
        .set({ quantityPurchased: sql`${items.quantityPurchased} + ${delta}`, updatedAt: now })
        .where(and(eq(items.id, claim.itemId), sql`${items.quantityPurchased} + ${delta} <= ${items.quantity}`, listIsShared(this.store, now)))
        .returning({ id: items.id });
      if (!item) throw await this.changeRefusal(tx, claim.itemId, claim.quantity, quantity);
      await tx.update(claims).set({ quantity }).where(eq(claims.id, claim.id));
      return claim.wishlistId;
    });
    this.shareViews.invalidate(listId);
    return this.get(key, null);
  }

  /** Undo: the claim goes and its units are wanted again. */
  async undo(key: ClaimKey, ip: string | null): Promise<void> {
    if ('token' in key && ip !== null) this.limits.tokensPerIp.hit(ip);
    const { claims, items } = this.store.tables;
    const listId = await this.store.transaction(async (tx) => {
      const [claim] = await tx.delete(claims).where(this.keyCondition(key)).returning();
      if (!claim) throw notFound(CLAIM_NOT_FOUND);
      await tx
        .update(items)
        .set({ quantityPurchased: sql`${items.quantityPurchased} - ${claim.quantity}`, updatedAt: new Date() })
        .where(eq(items.id, claim.itemId));
      return claim.wishlistId;
    });
    this.shareViews.invalidate(listId);
  }

  /** Re-list (owner or editor): every claim of the item goes; claimers who left an address are told. */
  async relist(access: ListAccess, itemId: string, requestOrigin: string): Promise<Item> {
    const { claims, items } = this.store.tables;
    const outcome = await this.store.transaction(async (tx) => {
      const removed = await tx.delete(claims).where(and(eq(claims.itemId, itemId), eq(claims.wishlistId, access.list.id))).returning();
      const [row] = await tx
        .update(items)
        .set({ quantityPurchased: 0, updatedAt: new Date() })
        .where(and(eq(items.id, itemId), eq(items.wishlistId, access.list.id)))
        .returning();
      if (!row) throw notFound(ITEM_NOT_FOUND);
      return { row, removed };
    });
    this.shareViews.invalidate(access.list.id);
    const addresses = [...new Set(outcome.removed.map((claim) => claim.email).filter(Boolean))];
    if (addresses.length > 0) this.mail.sendRelisted(addresses, { item: outcome.row, list: access.list, requestOrigin });
    return toItem(outcome.row, '');
  }

  private keyCondition(key: ClaimKey): SQL {
    const { claims, items } = this.store.tables;
    const owned = 'token' in key ? eq(claims.tokenHash, hashSecret(key.token)) : and(eq(claims.id, key.claimId), eq(claims.userId, key.userId))!;
    const onSharedList = sql`EXISTS (SELECT 1 FROM ${items} WHERE ${items.id} = ${claims.itemId} AND ${listIsShared(this.store, new Date())})`;
    return and(owned, onSharedList)!;
  }

  private async claimsWhere(condition: SQL, limit: number): Promise<Claim[]> {
    const { claims, items, wishlists } = this.store.tables;
    const rows = await this.store.db
      .select({ claim: claims, item: items, list: { id: wishlists.id, name: wishlists.name } })
      .from(claims)
      .innerJoin(items, eq(items.id, claims.itemId))
      .innerJoin(wishlists, eq(wishlists.id, claims.wishlistId))
      .where(condition)
      .orderBy(desc(claims.createdAt), desc(claims.id))
      .limit(limit);
    return rows.map(({ claim, item, list }) => ({
      _id: claim.id,
      quantityPurchased: claim.quantity,
      name: claim.name,
      createdAt: claim.createdAt.toISOString(),
      maxQuantity: claim.quantity + item.quantity - item.quantityPurchased,
      item: { _id: item.id, title: item.title, imageUrl: item.imageUrl, price: item.price, currency: item.currency, quantity: item.quantity, url: item.url },
      list: { _id: list.id, name: list.name },
    }));
  }

  private async purchaseRefusal(listId: string, itemId: string, wanted: number, nowMs: number) {
    const list = await this.queries.list(listId);
    if (!list || !isShared(list, nowMs)) return notFound(LIST_NOT_FOUND);
    const item = await this.queries.item(listId, itemId);
    if (!item) return notFound(ITEM_NOT_FOUND);
    return unitsRefusal(item, wanted, 0);
  }

  private async changeRefusal(tx: Db, itemId: string, own: number, wanted: number) {
    const { items } = this.store.tables;
    const [item] = await tx.select().from(items).where(eq(items.id, itemId));
    return item ? unitsRefusal(item, wanted, own) : notFound(CLAIM_NOT_FOUND);
  }
}

/** 409 saying how many units are still wanted (besides the caller's own `own`). */
function unitsRefusal(item: Pick<ItemRow, 'quantity' | 'quantityPurchased'>, wanted: number, own: number) {
  const remaining = item.quantity - item.quantityPurchased + own;
  if (remaining <= 0) return conflict('Someone has already bought this item.');
  return conflict(`Only ${remaining} of this item ${remaining === 1 ? 'is' : 'are'} still wanted, not ${wanted}.`);
}
