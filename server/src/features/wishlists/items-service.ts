import { and, eq, gt, sql } from 'drizzle-orm';
import { shopDomainOf, type ReferralOutcome } from '@wishwell/shared/referral';
import type { Item, ItemInput, MoveCopyInput, PurchaseInput, SharedItem } from '@wishwell/shared/wishlist-types';
import { preparedPerDb, type DataStore, type Db } from '../../db/store';
import { badRequest, conflict, notFound } from '../../http/errors';
import { newTimeOrderedId } from '../../ids';
import { isShared, ITEM_NOT_FOUND, LIST_NOT_FOUND, type ListAccess } from './access';
import { itemColumns } from './input';
import { toItem, toSharedItem, type ItemRow, type WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';
import type { ShareViewCache } from './share-cache';

const MAX_BUYER_NAMES_LENGTH = 300;

/** Copies of items' shop images kept on our side (see ItemImages). */
/** The list an item is on: its storage is the owner's, or the list's own while it has no owner. */
export interface ListOfItem {
  id: string;
  ownerId: string | null;
}

export interface ImageCopies {
  /** The copy columns for an item showing `imageUrl` on `list` (fetches and stores the image in its owner's storage). */
  copy(imageUrl: string, list: ListOfItem): Promise<ImageCopyColumns>;
  /** The item no longer uses this copy: remove it unless something else does. */
  release(storedImageUrl: string): Promise<void>;
}

export interface ImageCopyColumns {
  storedImageUrl: string;
  imageCheckedAt: Date;
}

/** The referral rules' verdict on a product link (see ReferralRuleService.apply). */
export type ApplyReferralRules = (url: string) => Promise<ReferralOutcome>;

/**
 * One conditional UPDATE: it either adds the whole quantity without passing `quantity` (on a
 * list guests may see) or changes nothing, so concurrent buyers cannot oversell (PostgreSQL
 * re-checks the WHERE on the locked row).
 */
function purchaseStatement({ tables: { items, wishlists }, dialect }: DataStore, db: Db) {
  const quantity = sql.placeholder('quantity');
  const buyer = sql`cast(${sql.placeholder('buyer')} as text)`;
  // Timestamps go through the column's encoder (ms on SQLite, a timestamp on PostgreSQL).
  const now = sql.param(sql.placeholder('now'), wishlists.expiresAt);
  const names = items.purchasedBy;
  return db
    .update(items)
    .set({
      quantityPurchased: sql`${items.quantityPurchased} + ${quantity}`,
      purchasedBy: sql`CASE
        WHEN ${buyer} = '' OR ${dialect.contains(sql`', ' || ${names} || ', '`, sql`', ' || ${buyer} || ', '`)} THEN ${names}
        WHEN ${names} = '' THEN ${buyer}
        WHEN length(${names}) + length(${buyer}) > ${MAX_BUYER_NAMES_LENGTH} THEN ${names}
        ELSE ${names} || ', ' || ${buyer} END`,
      updatedAt: sql`${now}`,
    })
    .where(
      and(
        eq(items.id, sql.placeholder('itemId')),
        eq(items.wishlistId, sql.placeholder('listId')),
        sql`${items.quantityPurchased} + ${quantity} <= ${items.quantity}`,
        sql`EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.id} = ${items.wishlistId} AND ${eq(wishlists.isDeleted, false)}
              AND ${eq(wishlists.isDisabled, false)} AND (${wishlists.expiresAt} IS NULL OR ${gt(wishlists.expiresAt, now)}))`,
      ),
    )
    .returning()
    .prepare();
}

function insertStatement({ tables: { items } }: DataStore, db: Db) {
  const column = (name: keyof typeof items.$inferInsert) => sql.placeholder(name);
  return db
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
      currency: column('currency'),
      imageUrl: column('imageUrl'),
      storedImageUrl: column('storedImageUrl'),
      imageCheckedAt: column('imageCheckedAt'),
      isGroupGift: column('isGroupGift'),
      giftCardUrl: column('giftCardUrl'),
      referralProgram: column('referralProgram'),
      createdAt: column('createdAt'),
      updatedAt: column('updatedAt'),
    })
    .returning()
    .prepare();
}

/** Items on lists: owner/editor changes, guests' purchases (atomic), re-list, move and copy. */
export class ItemService {
  private readonly purchaseOn;
  private readonly insertOn;

  constructor(
    private readonly queries: WishlistQueries,
    private readonly shareViews: ShareViewCache,
    private readonly applyReferralRules: ApplyReferralRules,
    private readonly images: ImageCopies,
  ) {
    this.purchaseOn = preparedPerDb((db) => purchaseStatement(queries.store, db));
    this.insertOn = preparedPerDb((db) => insertStatement(queries.store, db));
  }

  private get store() {
    return this.queries.store;
  }

  async add({ list }: ListAccess, input: ItemInput): Promise<Item> {
    const listId = list.id;
    const columns = itemColumns(input);
    const [referral, currency, image] = await Promise.all([
      this.referralColumns(columns.url ?? '', columns.isGroupGift ?? false),
      columns.currency ?? this.listCurrency(list),
      this.images.copy(columns.imageUrl ?? '', list),
    ]);
    const now = new Date();
    const [row] = await this.store.groupCommit((db) =>
      this.insertOn(db).execute({
        id: newTimeOrderedId(),
        wishlistId: listId,
        title: columns.title,
        url: referral.url,
        shopDomain: referral.shopDomain,
        notes: columns.notes ?? '',
        description: columns.description ?? '',
        quantity: columns.quantity ?? 1,
        priority: columns.priority ?? 'Medium',
        price: columns.price ?? '',
        currency,
        imageUrl: columns.imageUrl ?? '',
        ...image,
        isGroupGift: referral.isGroupGift,
        giftCardUrl: referral.giftCardUrl,
        referralProgram: referral.referralProgram,
        createdAt: now,
        updatedAt: now,
      }),
    );
    this.shareViews.invalidate(listId);
    return toItem(row!);
  }

  /** Lowering the quantity below what guests already bought marks the item fully purchased. */
  async update(access: ListAccess, itemId: string, input: ItemInput): Promise<Item> {
    const listId = access.list.id;
    const item = await this.itemOf(access, itemId);
    const { url, isGroupGift, ...columns } = itemColumns(input);
    const imageChanged = columns.imageUrl !== undefined && columns.imageUrl !== item.imageUrl;
    const image = imageChanged ? await this.images.copy(columns.imageUrl!, access.list) : {};
    const { tables: { items }, dialect } = this.store;
    const [row] = await this.store.db
      .update(items)
      .set({
        ...columns,
        ...image,
        ...(await this.referralColumns(url ?? item.url, isGroupGift ?? item.isGroupGift)),
        quantityPurchased: columns.quantity === undefined ? undefined : dialect.smaller(items.quantityPurchased, columns.quantity),
        updatedAt: new Date(),
      })
      .where(eq(items.id, itemId))
      .returning();
    this.shareViews.invalidate(listId);
    if (imageChanged) await this.images.release(item.storedImageUrl);
    return toItem(row!);
  }

  async remove(access: ListAccess, itemId: string): Promise<void> {
    const item = await this.itemOf(access, itemId);
    const { items } = this.store.tables;
    await this.store.db.delete(items).where(eq(items.id, itemId));
    this.shareViews.invalidate(access.list.id);
    await this.images.release(item.storedImageUrl);
  }

  /** Re-list: the item is wanted again in full. */
  async unpurchase(access: ListAccess, itemId: string): Promise<Item> {
    await this.itemOf(access, itemId);
    const { items } = this.store.tables;
    const [row] = await this.store.db
      .update(items)
      .set({ quantityPurchased: 0, purchasedBy: '', updatedAt: new Date() })
      .where(eq(items.id, itemId))
      .returning();
    this.shareViews.invalidate(access.list.id);
    return toItem(row!);
  }

  /** A guest buys `quantityPurchased` units; 409 when fewer remain, 404 for hidden lists or unknown items. */
  async purchase(listId: string, itemId: string, input: PurchaseInput): Promise<SharedItem> {
    const now = new Date();
    const buyer = input.purchasedBy?.trim() ?? '';
    const [row] = await this.store.groupCommit((db) =>
      this.purchaseOn(db).execute({ listId, itemId, quantity: input.quantityPurchased, buyer, now }),
    );
    if (row) {
      this.shareViews.invalidate(listId);
      return toSharedItem(row);
    }
    throw await this.purchaseRefusal(listId, itemId, input.quantityPurchased, now.getTime());
  }

  /** `listAccess` resolves the caller's access to the source and the destination list. */
  async moveOrCopy(input: MoveCopyInput, listAccess: (listId: string) => Promise<ListAccess>): Promise<Item> {
    if (input.sourceListId === input.destinationListId) throw badRequest('Choose a different wishlist to move or copy the item to.');
    const item = await this.itemOf(await listAccess(input.sourceListId), input.itemId);
    const { list: destination } = await listAccess(input.destinationListId);
    const now = new Date();
    const { items } = this.store.tables;
    const [row] =
      input.action === 'move'
        ? await this.store.db.update(items).set({ wishlistId: destination.id, updatedAt: now }).where(eq(items.id, item.id)).returning()
        : await this.store.db
            .insert(items)
            .values({ ...item, id: newTimeOrderedId(), wishlistId: destination.id, quantityPurchased: 0, purchasedBy: '', createdAt: now, updatedAt: now })
            .returning();
    this.shareViews.invalidate(input.sourceListId);
    this.shareViews.invalidate(destination.id);
    return toItem(row!);
  }

  private async itemOf({ list }: ListAccess, itemId: string): Promise<ItemRow> {
    const item = await this.queries.item(list.id, itemId);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    return item;
  }

  private async purchaseRefusal(listId: string, itemId: string, wanted: number, nowMs: number) {
    const list = await this.queries.list(listId);
    if (!list || !isShared(list, nowMs)) return notFound(LIST_NOT_FOUND);
    const item = await this.queries.item(listId, itemId);
    if (!item) return notFound(ITEM_NOT_FOUND);
    const remaining = item.quantity - item.quantityPurchased;
    if (remaining <= 0) return conflict('Someone has already bought this item.');
    return conflict(`Only ${remaining} of this item ${remaining === 1 ? 'is' : 'are'} still wanted, not ${wanted}.`);
  }

  /**
   * The link as the referral rules rewrite it, its program and gift card; an item can be a
   * group gift only when a rule gives its shop a gift card URL.
   */
  private async referralColumns(url: string, wantsGroupGift: boolean) {
    const outcome = url ? await this.applyReferralRules(url) : { url, referralProgram: null, giftCardUrl: null };
    return {
      url: outcome.url,
      shopDomain: shopDomainOf(outcome.url),
      referralProgram: outcome.referralProgram,
      giftCardUrl: outcome.giftCardUrl ?? '',
      isGroupGift: wantsGroupGift && outcome.giftCardUrl !== null,
    };
  }

  private async listCurrency(list: WishlistRow): Promise<string> {
    return (await this.queries.owner(list.ownerId))?.currency ?? 'GBP';
  }
}
