import { dateOf } from '../../clock';
import { toMinorUnits } from '@wishwell/shared/money';
import { shopDomainOf, type ReferralOutcome } from '@wishwell/shared/referral';
import type { Item, ItemInput, MoveCopyInput } from '@wishwell/shared/wishlist-types';
import { MAX_BULK_ITEMS } from '@wishwell/shared/list-transfer-types';
import type { Language } from '@wishwell/shared/languages';
import type { Db } from '../../db/store';
import { conflict, invalid, notFound, refusalWithin, type DomainError } from '../../domain/errors';
import { newTimeOrderedId } from '../../ids';
import type { ListAccess } from './access';
import { UNCLAIMED } from './claim-statements';
import { itemColumns } from './input';
import type { ImageCopyColumns, ItemQueries, NewItemRow } from './item-queries';
import { hiddenAfterMove, seesItemPurchases, toItem, toOwnerItem, type ItemRow } from './mappers';
import type { WishlistQueries } from './queries';
import type { ListCurrency } from './list-currency';
import type { ShareViewCache } from './share-cache';
import { formatPrice } from '@wishwell/shared/price-format';
import { recordListChange } from '../followers/list-changes';
import { notify } from '../notifications/notify';

export type ItemColumns = ReturnType<typeof itemColumns>;

/** Copies of items' shop images kept on our side, made in the background (see ItemImages). */
export interface ImageCopies {
  /** The copy columns for an item that now shows `imageUrl`: a copy queued when it is a shop's image. */
  pendingCopy(imageUrl: string): ImageCopyColumns;
  /** Items with queued copies were saved: start on them. */
  queued(): void;
  /** The item no longer uses this copy: remove it unless something else does. */
  release(storedImageUrl: string): Promise<void>;
}

/** When the price watch first checks an item with this link (null: not at all). */
export type FirstPriceCheck = (url: string) => Date | null;

/** The referral rules' verdict on a product link (see ReferralRuleService.apply). */
export type ApplyReferralRules = (url: string) => Promise<ReferralOutcome>;

/** Items on lists: owner/editor changes, move and copy (guests' purchases and re-list: ClaimService). */
export class ItemService {
  constructor(
    private readonly queries: WishlistQueries,
    private readonly rows: ItemQueries,
    private readonly shareViews: ShareViewCache,
    private readonly applyReferralRules: ApplyReferralRules,
    private readonly images: ImageCopies,
    private readonly firstPriceCheck: FirstPriceCheck,
    private readonly listCurrency: ListCurrency,
  ) {}

  private get store() {
    return this.queries.store;
  }

  async add(access: ListAccess, input: ItemInput, language: Language): Promise<Item> {
    const listId = access.list.id;
    const ofList = await this.currencyUnlessGiven([input], access);
    const [values] = await this.newRows(listId, [itemColumns(input, language, ofList)], ofList ?? '');
    const row = await this.rows.insert(values!);
    this.shareViews.announced(listId);
    if (values!.imageCheckedAt === null) this.images.queued();
    await recordListChange(this.store, this.queries.clock, { wishlistId: listId, kind: 'item-added', itemId: row.id, title: row.title });
    return toItem(await this.watchPrice(row, values!), '');
  }

  /**
   * Several items added together (the Add Item box's bulk view): all or none, in one transaction.
   * The first given shows first on the list. Each is held to the rules of a single add; a refusal
   * names the item ("Item 3: …").
   */
  async addMany(access: ListAccess, inputs: ItemInput[], language: Language): Promise<Item[]> {
    if (inputs.length > MAX_BULK_ITEMS) throw invalid('bulkTooMany', { max: MAX_BULK_ITEMS });
    const ofList = await this.currencyUnlessGiven(inputs, access);
    const columns = inputs.map((input, index) => refusalWithin('atItem', { item: index + 1 }, () => itemColumns(input, language, ofList)));
    const listId = access.list.id;
    const values = await this.newRows(listId, columns, ofList ?? '');
    const rows = await this.store.transaction((tx) => this.insertRows(tx, values));
    this.inserted(listId, rows);
    for (const row of rows) await recordListChange(this.store, this.queries.clock, { wishlistId: listId, kind: 'item-added', itemId: row.id, title: row.title });
    return rows.map((row) => toItem(row, ''));
  }

  /**
   * New items' rows for `listId`: referral rules applied, a copy queued for a shop's image
   * (insertRows places them after the list's last item, in the order given); an item naming no
   * currency takes `listCurrency`.
   */
  async newRows(listId: string, columns: ItemColumns[], listCurrency: string, createdAt: (index: number) => Date | null = () => null): Promise<NewItemRow[]> {
    const now = this.queries.clock.now();
    return Promise.all(
      columns.map(async (each, index) => {
        const referral = await this.referralColumns(each.url ?? '', each.isGroupGift ?? false);
        const added = createdAt(index) ?? new Date(now);
        return {
          id: newTimeOrderedId(),
          wishlistId: listId,
          title: each.title,
          url: referral.url,
          shopDomain: referral.shopDomain,
          notes: each.notes ?? '',
          description: each.description ?? '',
          quantity: each.quantity ?? 1,
          priority: each.priority ?? 'Medium',
          price: each.price ?? '',
          priceMinor: toMinorUnits(each.price ?? ''),
          currency: each.currency ?? listCurrency,
          imageUrl: each.imageUrl ?? '',
          ...this.images.pendingCopy(each.imageUrl ?? ''),
          isGroupGift: referral.isGroupGift,
          giftCardUrl: referral.giftCardUrl,
          referralProgram: referral.referralProgram,
          ...this.priceWatchColumns(referral.url),
          createdAt: added,
          updatedAt: added,
        };
      }),
    );
  }

  /** Writes new items' rows of one list inside the caller's transaction, after its last item, in statements of a few hundred rows. */
  insertRows(tx: Db, values: NewItemRow[]): Promise<ItemRow[]> {
    return this.rows.insertRows(tx, values);
  }

  /** Items were committed to `listId`: its share views go, and queued image copies start. */
  inserted(listId: string, rows: ItemRow[]): void {
    this.shareViews.invalidate(listId);
    if (rows.some((row) => row.imageCheckedAt === null)) this.images.queued();
  }

  /**
   * The quantity never goes below the units guests reserved (409 saying how many; the write's
   * condition, so a purchase meanwhile cannot slip under it). A caller from whom purchases are
   * hidden cannot lower it at all: a refusal that depended on the reservations would reveal them.
   */
  async update(access: ListAccess, itemId: string, input: ItemInput, language: Language): Promise<Item> {
    const listId = access.list.id;
    const item = await this.itemOf(access, itemId);
    // A body without a currency keeps the item's; a blank one means the list's.
    const inEffect = input.currency === undefined && item.currency ? item.currency : await this.currencyUnlessGiven([input], access);
    const { url, isGroupGift, ...columns } = itemColumns(input, language, inEffect);
    const { quantity } = columns;
    const shown = seesItemPurchases(access.list, access.role, item, this.queries.clock.now());
    if (quantity !== undefined && quantity < item.quantity && !shown) throw quantityRefusal(item, shown);
    const imageChanged = columns.imageUrl !== undefined && columns.imageUrl !== item.imageUrl;
    const image = imageChanged ? this.images.pendingCopy(columns.imageUrl!) : {};
    const row = await this.rows.update(
      itemId,
      {
        ...columns,
        priceMinor: columns.price === undefined ? undefined : toMinorUnits(columns.price),
        // A price changed by hand is the owner's: the price watch no longer replaces it.
        ...(columns.price !== undefined && columns.price !== item.price ? { priceSource: 'manual', wasPriceMinor: null } : {}),
        ...(url !== undefined && url !== item.url && item.priceWatch ? { nextCheckAt: this.firstPriceCheck(url) } : {}),
        ...image,
        ...(await this.referralColumns(url ?? item.url, isGroupGift ?? item.isGroupGift)),
        updatedAt: dateOf(this.queries.clock),
      },
      quantity,
    );
    if (!row) throw quantityRefusal(await this.itemOf(access, itemId), shown);
    this.shareViews.invalidate(listId);
    if (row.priceMinor !== null && item.priceMinor !== null && row.priceMinor < item.priceMinor) {
      const shown = (price: string) => formatPrice(price, row.currency);
      await recordListChange(this.store, this.queries.clock, { wishlistId: listId, kind: 'price-dropped', itemId, title: row.title, was: shown(item.price), now: shown(row.price) });
    }
    if (imageChanged) {
      this.images.queued();
      await this.images.release(item.storedImageUrl);
    }
    return toOwnerItem(row, access.list, access.role, await this.queries.buyers({ itemId }), this.queries.clock.now());
  }

  /**
   * A new item with a shop link is watched from now, its price the shop's (saved from the
   * scraped page) until the owner changes it by hand.
   */
  private priceWatchColumns(url: string): { nextCheckAt: Date | null; priceSource: 'shop' | 'manual' } {
    const nextCheckAt = this.firstPriceCheck(url);
    return { nextCheckAt, priceSource: nextCheckAt ? 'shop' : 'manual' };
  }

  /** The single add's insert leaves the price watch's columns out: one write more, for watched items only. */
  private async watchPrice(row: ItemRow, values: NewItemRow): Promise<ItemRow> {
    const { nextCheckAt, priceSource } = values;
    if (!nextCheckAt) return row;
    await this.rows.setPriceWatch(row.id, nextCheckAt, priceSource);
    return { ...row, nextCheckAt, priceSource: priceSource ?? 'shop' };
  }

  async remove(access: ListAccess, itemId: string): Promise<void> {
    const item = await this.itemOf(access, itemId);
    const reservedBy = await this.queries.claimingAccounts(itemId);
    await this.rows.delete(itemId);
    this.shareViews.invalidate(access.list.id);
    await this.images.release(item.storedImageUrl);
    await recordListChange(this.store, this.queries.clock, { wishlistId: access.list.id, kind: 'item-removed', itemId, title: item.title });
    await notify(this.store, reservedBy, { kind: 'reserved-item-removed', wishlistId: access.list.id, listName: access.list.name, detail: item.title }, dateOf(this.queries.clock));
  }

  /**
   * Sets the list's order: `itemIds` must name each of its items once (else a 400, nothing
   * changed). The list's rows are locked first, in one order, so orders sent at once apply one
   * after the other (the last wins) and an item added meanwhile keeps its place after them.
   */
  async reorder(access: ListAccess, itemIds: readonly string[]): Promise<void> {
    const listId = access.list.id;
    await this.store.transaction(async (tx) => {
      if (!namesEachOnce(itemIds, await this.rows.lockedIdsOf(listId, tx))) throw invalid('itemOrderNotTheList');
      await this.rows.setPositions(listId, itemIds, tx);
    });
    this.shareViews.invalidate(listId);
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
    const now = dateOf(this.queries.clock);
    const row =
      input.action === 'move'
        ? await this.store.transaction((tx) => this.rows.move(item.id, destination.id, { purchasesHiddenUntil: hiddenAfterMove(item, sourceAccess.list, now.getTime()), updatedAt: now }, tx))
        : await this.rows.insertCopy({ ...item, ...this.copiedImage(item), id: newTimeOrderedId(), wishlistId: destination.id, ...UNCLAIMED, createdAt: now, updatedAt: now });
    this.shareViews.invalidate(input.sourceListId);
    this.shareViews.invalidate(destination.id);
    if (row!.imageCheckedAt === null) this.images.queued();
    return toOwnerItem(row!, destination, destinationAccess.role, input.action === 'move' ? await this.queries.buyers({ itemId: item.id }) : new Map(), now.getTime());
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

  /** The list's currency when one of `inputs` names none (its price is in that currency), else undefined. */
  private async currencyUnlessGiven(inputs: readonly ItemInput[], access: ListAccess): Promise<string | undefined> {
    return inputs.some((input) => !input.currency?.trim()) ? this.listCurrency(access) : undefined;
  }
}

/** Whether `given` holds each of `ids` exactly once and nothing else. */
function namesEachOnce(given: readonly string[], ids: readonly string[]): boolean {
  const unique = new Set(given);
  return unique.size === given.length && given.length === ids.length && ids.every((id) => unique.has(id));
}

/** 409 for a quantity below the units guests reserved: how many, unless purchases are hidden from the caller (`shown`). */
function quantityRefusal(item: ItemRow, shown: boolean): DomainError {
  if (!shown) return conflict('quantityDuringSurprise');
  // Never one: the quantity is at least 1.
  return conflict('quantityBelowReserved', { reserved: item.quantityPurchased });
}
