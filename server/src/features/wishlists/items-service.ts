import { and, eq, sql } from 'drizzle-orm';
import type { ReferralOutcome } from '@wishwell/shared/referral';
import type { Item, ItemInput, MoveCopyInput, PurchaseInput, SharedItem } from '@wishwell/shared/wishlist-types';
import { items, wishlists } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { newId } from '../../ids';
import { isShared, ITEM_NOT_FOUND, LIST_NOT_FOUND, type Caller, type WishlistAccess } from './access';
import { itemColumns } from './input';
import { GroupCommit } from './group-commit';
import { toItem, toSharedItem, type ItemRow, type WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';
import type { ShareViewCache } from './share-cache';

const MAX_BUYER_NAMES_LENGTH = 300;

/** The referral rules' verdict on a product link (see ReferralRuleService.apply). */
export type ApplyReferralRules = (url: string) => ReferralOutcome;

/** Items on lists: owner/editor changes, guests' purchases (atomic), re-list, move and copy. */
export class ItemService {
  private readonly purchaseStatement;
  private readonly insertStatement;
  private readonly writes: GroupCommit;

  constructor(
    private readonly queries: WishlistQueries,
    private readonly access: WishlistAccess,
    private readonly shareViews: ShareViewCache,
    private readonly applyReferralRules: ApplyReferralRules,
  ) {
    this.writes = new GroupCommit((run) => queries.db.transaction(run));
    const quantity = sql.placeholder('quantity');
    const buyer = sql.placeholder('buyer');
    const now = sql.placeholder('now');
    // One conditional UPDATE: it either adds the whole quantity without passing `quantity`
    // (on a list guests may see) or changes nothing, so concurrent buyers cannot oversell.
    this.purchaseStatement = queries.db
      .update(items)
      .set({
        quantityPurchased: sql`${items.quantityPurchased} + ${quantity}`,
        purchasedBy: sql`CASE
          WHEN ${buyer} = '' OR instr(', ' || ${items.purchasedBy} || ', ', ', ' || ${buyer} || ', ') > 0 THEN ${items.purchasedBy}
          WHEN ${items.purchasedBy} = '' THEN ${buyer}
          WHEN length(${items.purchasedBy}) + length(${buyer}) > ${MAX_BUYER_NAMES_LENGTH} THEN ${items.purchasedBy}
          ELSE ${items.purchasedBy} || ', ' || ${buyer} END`,
        updatedAt: sql`${now}`,
      })
      .where(
        and(
          eq(items.id, sql.placeholder('itemId')),
          eq(items.wishlistId, sql.placeholder('listId')),
          sql`${items.quantityPurchased} + ${quantity} <= ${items.quantity}`,
          sql`EXISTS (SELECT 1 FROM ${wishlists} WHERE ${wishlists.id} = ${items.wishlistId} AND ${wishlists.isDeleted} = 0
                AND ${wishlists.isDisabled} = 0 AND (${wishlists.expiresAt} IS NULL OR ${wishlists.expiresAt} > ${now}))`,
        ),
      )
      .returning()
      .prepare();
    const column = (name: keyof typeof items.$inferInsert) => sql.placeholder(name);
    this.insertStatement = queries.db
      .insert(items)
      .values({
        id: column('id'),
        wishlistId: column('wishlistId'),
        title: column('title'),
        url: column('url'),
        notes: column('notes'),
        quantity: column('quantity'),
        priority: column('priority'),
        price: column('price'),
        currency: column('currency'),
        imageUrl: column('imageUrl'),
        isGroupGift: column('isGroupGift'),
        giftCardUrl: column('giftCardUrl'),
        referralProgram: column('referralProgram'),
        createdAt: column('createdAt'),
        updatedAt: column('updatedAt'),
      })
      .returning()
      .prepare();
  }

  private get db() {
    return this.queries.db;
  }

  async add(listId: string, input: ItemInput, caller: Caller): Promise<Item> {
    const { list } = this.access.editable(listId, caller);
    const columns = itemColumns(input);
    const referral = this.referralColumns(columns.url ?? '', columns.isGroupGift ?? false);
    const now = new Date();
    const row = await this.writes.run(() =>
      this.insertStatement.get({
        id: newId(),
        wishlistId: listId,
        title: columns.title,
        url: referral.url,
        notes: columns.notes ?? '',
        quantity: columns.quantity ?? 1,
        priority: columns.priority ?? 'Medium',
        price: columns.price ?? '',
        currency: columns.currency ?? this.listCurrency(list),
        imageUrl: columns.imageUrl ?? '',
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
  update(listId: string, itemId: string, input: ItemInput, caller: Caller): Item {
    const item = this.editableItem(listId, itemId, caller);
    const { url, isGroupGift, ...columns } = itemColumns(input);
    const row = this.db
      .update(items)
      .set({
        ...columns,
        ...this.referralColumns(url ?? item.url, isGroupGift ?? item.isGroupGift),
        quantityPurchased: columns.quantity === undefined ? undefined : sql`min(${items.quantityPurchased}, ${columns.quantity})`,
        updatedAt: new Date(),
      })
      .where(eq(items.id, itemId))
      .returning()
      .get()!;
    this.shareViews.invalidate(listId);
    return toItem(row);
  }

  remove(listId: string, itemId: string, caller: Caller): void {
    this.editableItem(listId, itemId, caller);
    this.db.delete(items).where(eq(items.id, itemId)).run();
    this.shareViews.invalidate(listId);
  }

  /** Re-list: the item is wanted again in full. */
  unpurchase(listId: string, itemId: string, caller: Caller): Item {
    this.editableItem(listId, itemId, caller);
    const row = this.db
      .update(items)
      .set({ quantityPurchased: 0, purchasedBy: '', updatedAt: new Date() })
      .where(eq(items.id, itemId))
      .returning()
      .get()!;
    this.shareViews.invalidate(listId);
    return toItem(row);
  }

  /** A guest buys `quantityPurchased` units; 409 when fewer remain, 404 for hidden lists or unknown items. */
  async purchase(listId: string, itemId: string, input: PurchaseInput): Promise<SharedItem> {
    const now = Date.now();
    const buyer = input.purchasedBy?.trim() ?? '';
    const row = await this.writes.run(() => this.purchaseStatement.get({ listId, itemId, quantity: input.quantityPurchased, buyer, now }));
    if (row) {
      this.shareViews.invalidate(listId);
      return toSharedItem(row);
    }
    throw this.purchaseRefusal(listId, itemId, input.quantityPurchased, now);
  }

  moveOrCopy(input: MoveCopyInput, caller: Caller): Item {
    if (input.sourceListId === input.destinationListId) throw badRequest('Choose a different wishlist to move or copy the item to.');
    const item = this.editableItem(input.sourceListId, input.itemId, caller);
    const { list: destination } = this.access.editable(input.destinationListId, caller);
    const now = new Date();
    const row =
      input.action === 'move'
        ? this.db.update(items).set({ wishlistId: destination.id, updatedAt: now }).where(eq(items.id, item.id)).returning().get()!
        : this.db
            .insert(items)
            .values({ ...item, id: newId(), wishlistId: destination.id, quantityPurchased: 0, purchasedBy: '', createdAt: now, updatedAt: now })
            .returning()
            .get();
    this.shareViews.invalidate(input.sourceListId);
    this.shareViews.invalidate(destination.id);
    return toItem(row);
  }

  private editableItem(listId: string, itemId: string, caller: Caller): ItemRow {
    this.access.editable(listId, caller);
    const item = this.queries.item(listId, itemId);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    return item;
  }

  private purchaseRefusal(listId: string, itemId: string, wanted: number, nowMs: number) {
    const list = this.queries.list(listId);
    if (!list || !isShared(list, nowMs)) return notFound(LIST_NOT_FOUND);
    const item = this.queries.item(listId, itemId);
    if (!item) return notFound(ITEM_NOT_FOUND);
    const remaining = item.quantity - item.quantityPurchased;
    if (remaining <= 0) return conflict('Someone has already bought this item.');
    return conflict(`Only ${remaining} of this item ${remaining === 1 ? 'is' : 'are'} still wanted, not ${wanted}.`);
  }

  /**
   * The link as the referral rules rewrite it, its program and gift card; an item can be a
   * group gift only when a rule gives its shop a gift card URL.
   */
  private referralColumns(url: string, wantsGroupGift: boolean) {
    const outcome = url ? this.applyReferralRules(url) : { url, referralProgram: null, giftCardUrl: null };
    return {
      url: outcome.url,
      referralProgram: outcome.referralProgram,
      giftCardUrl: outcome.giftCardUrl ?? '',
      isGroupGift: wantsGroupGift && outcome.giftCardUrl !== null,
    };
  }

  private listCurrency(list: WishlistRow): string {
    return this.queries.owner(list.ownerId)?.currency ?? 'GBP';
  }
}
