import { and, eq, lte, sql } from 'drizzle-orm';
import { toMinorUnits } from '@wishwell/shared/money';
import { shopDomainOf, type ReferralOutcome } from '@wishwell/shared/referral';
import type { Item, ItemInput, MoveCopyInput } from '@wishwell/shared/wishlist-types';
import type { Language } from '@wishwell/shared/languages';
import type { DataStore, Db } from '../../db/store';
import { conflict, invalid, notFound, type DomainError } from '../../domain/errors';
import { newTimeOrderedId } from '../../ids';
import type { ListAccess } from './access';
import { UNCLAIMED } from './claim-statements';
import { itemColumns } from './input';
import { hiddenAfterMove, seesItemPurchases, toItem, toOwnerItem, type ItemRow } from './mappers';
import type { WishlistQueries } from './queries';
import { LIST_CHANGED, type ShareViewCache } from './share-cache';

/** Copies of items' shop images kept on our side, made in the background (see ItemImages). */
export interface ImageCopies {
  /** The copy columns for an item that now shows `imageUrl`: a copy queued when it is a shop's image. */
  pendingCopy(imageUrl: string): ImageCopyColumns;
  /** Items with queued copies were saved: start on them. */
  queued(): void;
  /** The item no longer uses this copy: remove it unless something else does. */
  release(storedImageUrl: string): Promise<void>;
}

export interface ImageCopyColumns {
  storedImageUrl: string;
  imageCheckedAt: Date | null;
  imageCopyTries: number;
  imageCopyDueAt: Date | null;
}

/** When the price watch first checks an item with this link (null: not at all). */
export type FirstPriceCheck = (url: string) => Date | null;

/** The referral rules' verdict on a product link (see ReferralRuleService.apply). */
export type ApplyReferralRules = (url: string) => Promise<ReferralOutcome>;

/**
 * The item insert, prepared for an image copy queued (`copyPending`) or not: Drizzle runs every
 * placeholder through its column's mapper, which refuses a null timestamp, so the one of
 * imageCheckedAt / imageCopyDueAt left null is written as a literal.
 */
function insertStatement({ tables: { items }, dialect }: DataStore, db: Db, copyPending: boolean) {
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
      createdAt: column('createdAt'),
      updatedAt: column('updatedAt'),
    })
    .returning();
  // The list's share views are dropped by the statement itself (PostgreSQL: no NOTIFY after it).
  return dialect.announcing(db, insert, LIST_CHANGED);
}

/** Items on lists: owner/editor changes, move and copy (guests' purchases and re-list: ClaimService). */
export class ItemService {
  private readonly insertQueuingCopyOn;
  private readonly insertOn;

  constructor(
    private readonly queries: WishlistQueries,
    private readonly shareViews: ShareViewCache,
    private readonly applyReferralRules: ApplyReferralRules,
    private readonly images: ImageCopies,
    private readonly firstPriceCheck: FirstPriceCheck,
  ) {
    this.insertQueuingCopyOn = queries.store.prepared((db) => insertStatement(queries.store, db, true));
    this.insertOn = queries.store.prepared((db) => insertStatement(queries.store, db, false));
  }

  private get store() {
    return this.queries.store;
  }

  async add(access: ListAccess, input: ItemInput, language: Language): Promise<Item> {
    const listId = access.list.id;
    const columns = itemColumns(input, language);
    const [referral, currency] = await Promise.all([
      this.referralColumns(columns.url ?? '', columns.isGroupGift ?? false),
      columns.currency ?? this.listCurrency(access),
    ]);
    const now = new Date();
    const image = this.images.pendingCopy(columns.imageUrl ?? '');
    const insertOn = image.imageCheckedAt === null ? this.insertQueuingCopyOn : this.insertOn;
    const [row] = await this.store.groupCommit((db) =>
      insertOn(db).execute({
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
        priceMinor: toMinorUnits(columns.price ?? ''),
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
    this.shareViews.announced(listId);
    if (image.imageCheckedAt === null) this.images.queued();
    return toItem(await this.watchPrice(row!), '');
  }

  /**
   * The quantity never goes below the units guests reserved (409 saying how many; the write's
   * condition, so a purchase meanwhile cannot slip under it). A caller from whom purchases are
   * hidden cannot lower it at all: a refusal that depended on the reservations would reveal them.
   */
  async update(access: ListAccess, itemId: string, input: ItemInput, language: Language): Promise<Item> {
    const listId = access.list.id;
    const item = await this.itemOf(access, itemId);
    const { url, isGroupGift, ...columns } = itemColumns(input, language);
    const { quantity } = columns;
    const shown = seesItemPurchases(access.list, access.role, item);
    if (quantity !== undefined && quantity < item.quantity && !shown) throw quantityRefusal(item, shown);
    const imageChanged = columns.imageUrl !== undefined && columns.imageUrl !== item.imageUrl;
    const image = imageChanged ? this.images.pendingCopy(columns.imageUrl!) : {};
    const { items } = this.store.tables;
    const [row] = await this.store.db
      .update(items)
      .set({
        ...columns,
        priceMinor: columns.price === undefined ? undefined : toMinorUnits(columns.price),
        // A price changed by hand is the owner's: the price watch no longer replaces it.
        ...(columns.price !== undefined && columns.price !== item.price ? { priceSource: 'manual', wasPriceMinor: null } : {}),
        ...(url !== undefined && url !== item.url && item.priceWatch ? { nextCheckAt: this.firstPriceCheck(url) } : {}),
        ...image,
        ...(await this.referralColumns(url ?? item.url, isGroupGift ?? item.isGroupGift)),
        updatedAt: new Date(),
      })
      .where(and(eq(items.id, itemId), quantity === undefined ? undefined : lte(items.quantityPurchased, quantity)))
      .returning();
    if (!row) throw quantityRefusal(await this.itemOf(access, itemId), shown);
    this.shareViews.invalidate(listId);
    if (imageChanged) {
      this.images.queued();
      await this.images.release(item.storedImageUrl);
    }
    return toOwnerItem(row, access.list, access.role, await this.queries.buyers({ itemId }));
  }

  /**
   * A new item with a shop link is watched from now, its price the shop's (saved from the
   * scraped page) until the owner changes it by hand; one write more, for such items only.
   */
  private async watchPrice(row: ItemRow): Promise<ItemRow> {
    const firstCheck = this.firstPriceCheck(row.url);
    if (!firstCheck) return row;
    const { items } = this.store.tables;
    await this.store.groupCommit((db) => db.update(items).set({ nextCheckAt: firstCheck, priceSource: 'shop' }).where(eq(items.id, row.id)));
    return { ...row, nextCheckAt: firstCheck, priceSource: 'shop' };
  }

  async remove(access: ListAccess, itemId: string): Promise<void> {
    const item = await this.itemOf(access, itemId);
    const { items } = this.store.tables;
    await this.store.db.delete(items).where(eq(items.id, itemId));
    this.shareViews.invalidate(access.list.id);
    await this.images.release(item.storedImageUrl);
  }

  /**
   * `listAccess` resolves the caller's access to the source and the destination list. A moved
   * item takes the source's surprise along (hiddenAfterMove): its purchases stay hidden on the
   * destination until the source's reveal.
   */
  async moveOrCopy(input: MoveCopyInput, listAccess: (listId: string) => Promise<ListAccess>): Promise<Item> {
    if (input.sourceListId === input.destinationListId) throw invalid('otherList');
    const sourceAccess = await listAccess(input.sourceListId);
    const item = await this.itemOf(sourceAccess, input.itemId);
    const destinationAccess = await listAccess(input.destinationListId);
    const destination = destinationAccess.list;
    const now = new Date();
    const { items, claims } = this.store.tables;
    const row =
      input.action === 'move'
        ? await this.store.transaction(async (tx) => {
            await tx.update(claims).set({ wishlistId: destination.id }).where(eq(claims.itemId, item.id));
            const purchasesHiddenUntil = hiddenAfterMove(item, sourceAccess.list, now.getTime());
            return (await tx.update(items).set({ wishlistId: destination.id, purchasesHiddenUntil, updatedAt: now }).where(eq(items.id, item.id)).returning())[0];
          })
        : (
            await this.store.db
              .insert(items)
              .values({ ...item, ...this.copiedImage(item), id: newTimeOrderedId(), wishlistId: destination.id, ...UNCLAIMED, createdAt: now, updatedAt: now })
              .returning()
          )[0];
    this.shareViews.invalidate(input.sourceListId);
    this.shareViews.invalidate(destination.id);
    if (row!.imageCheckedAt === null) this.images.queued();
    return toOwnerItem(row!, destination, destinationAccess.role, input.action === 'move' ? await this.queries.buyers({ itemId: item.id }) : new Map());
  }

  /**
   * A copied item shares the source's finished copy; while the source's copy is still pending
   * (due later, or leased by a worker busy with it) the new item gets its own, due at once.
   */
  private copiedImage(item: ItemRow): Partial<ImageCopyColumns> {
    return item.imageCheckedAt === null ? this.images.pendingCopy(item.imageUrl) : {};
  }

  private async itemOf({ list }: ListAccess, itemId: string): Promise<ItemRow> {
    const item = await this.queries.item(list.id, itemId);
    if (!item) throw notFound('itemNotFound');
    return item;
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

  /** The list owner's currency: an owner adding to their own list has it in their session (no read). */
  private async listCurrency({ list, user }: ListAccess): Promise<string> {
    if (user !== null && user.id === list.ownerId) return user.currency;
    return (await this.queries.owner(list.ownerId))?.currency ?? 'GBP';
  }
}

/** 409 for a quantity below the units guests reserved: how many, unless purchases are hidden from the caller (`shown`). */
function quantityRefusal(item: ItemRow, shown: boolean): DomainError {
  if (!shown) return conflict('quantityDuringSurprise');
  // Never one: the quantity is at least 1.
  return conflict('quantityBelowReserved', { reserved: item.quantityPurchased });
}
