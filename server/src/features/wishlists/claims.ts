import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { fromMinorUnits, MAX_PLEDGED_MINOR, toMinorUnits } from '@wishwell/shared/money';
import { formatPrice } from '@wishwell/shared/price-format';
import {
  claimPath,
  type Claim,
  type ClaimChangeInput,
  type Item,
  type PledgeInput,
  type PurchaseInput,
  type PurchaseResult,
} from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import type { Db, Row } from '../../db/store';
import { badRequest, conflict, notFound, type ApiError } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { hashSecret, newSecret, newTimeOrderedId } from '../../ids';
import { isShared, ITEM_NOT_FOUND, LIST_NOT_FOUND, type ListAccess } from './access';
import type { MailRequest } from '../../mail/mailer';
import type { ClaimMail, Reserved } from './claim-mail';
import { listIsShared, pledgeRoom, prepareClaimStatements, type ClaimStatements } from './claim-statements';
import { toItem, toSharedItem, type ItemRow, type WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';
import type { ShareViewCache } from './share-cache';

export const CLAIM_NOT_FOUND = 'Could not find this reservation. It may have been undone or the item re-listed.';
const EMAIL_PATTERN = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const MAX_RESERVATIONS_SHOWN = 200;

/** Who marks an item purchased: their account (if signed in), address and the origin links point at. */
export interface Buyer extends MailRequest {
  user: SessionUser | null;
  ip: string;
}

/** How a claim is found: by its manage token (anyone holding it) or by id for its signed-in owner. */
export type ClaimKey = { token: string } | { userId: string; claimId: string };

export interface ClaimLimits {
  /** /claims/{token} calls per IP: tokens cannot be guessed by trying. */
  tokensPerIp: RateLimiter;
  /** Purchases that send a manage-link mail, per IP. */
  mailsPerIp: RateLimiter;
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
  private readonly statementsOn: (db: Db) => ClaimStatements;

  constructor(
    private readonly queries: WishlistQueries,
    private readonly shareViews: ShareViewCache,
    private readonly mail: ClaimMail,
    private readonly limits: ClaimLimits,
  ) {
    this.statementsOn = queries.store.prepared((db) => prepareClaimStatements(queries.store, db));
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
    const claim = { claimId, name: input.purchasedBy?.trim() ?? '', email, userId: buyer.user?.id ?? null, tokenHash: hashSecret(token) };
    const [row] = await this.store.compoundWrite((db) => this.statementsOn(db).purchase.execute({ listId, itemId, delta: quantity, now, ...claim }));
    if (!row) throw await this.purchaseRefusal(listId, itemId, quantity, now.getTime());
    return this.receipt(row, claimId, token, buyer, email, { quantity });
  }

  /**
   * A guest pledges an amount towards a group gift: one conditional UPDATE adds it only to a
   * group gift with a price and only while the pledges stay within it (unless the owner allows
   * over-pledging), so two guests pledging the last £10 cannot both get in. Amounts are whole minor units.
   */
  async pledge(listId: string, itemId: string, input: PledgeInput, buyer: Buyer): Promise<PurchaseResult> {
    const amountMinor = positiveAmount(input.amount);
    const email = claimEmail(input.email);
    if (email) this.limits.mailsPerIp.hit(buyer.ip);
    const now = new Date();
    const token = newSecret();
    const claimId = newTimeOrderedId();
    const claim = { claimId, name: input.name?.trim() ?? '', email, userId: buyer.user?.id ?? null, tokenHash: hashSecret(token) };
    const [row] = await this.store.compoundWrite((db) => this.statementsOn(db).pledge.execute({ itemId, listId, delta: amountMinor, now, ...claim }));
    if (!row) throw await this.pledgeRefusal(listId, itemId, amountMinor, now.getTime());
    return this.receipt(row, claimId, token, buyer, email, { pledgedMinor: amountMinor });
  }

  /**
   * After a purchase or pledge: the share views drop it, the manage link goes out if asked for.
   * `reserved` is worded (an amount formatted) only for the mail: formatting costs a tenth of a pledge.
   */
  private async receipt(row: ItemRow, claimId: string, token: string, buyer: Buyer, email: string, reserved: Reserved): Promise<PurchaseResult> {
    this.shareViews.invalidate(row.wishlistId);
    const manageUrl = `${await this.mail.origin(buyer.origin)}${claimPath(token)}`;
    if (email) this.mail.sendManageLink(email, { item: row, listId: row.wishlistId, reserved, manageUrl, language: buyer.language });
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

  /**
   * Changes a purchase's quantity (1 .. its own units plus the ones still wanted) or a pledge's
   * amount (at most its own plus what is still needed, unless over-pledging is allowed); 409 past that.
   */
  async change(key: ClaimKey, input: ClaimChangeInput, ip: string | null): Promise<Claim> {
    if ('token' in key && ip !== null) this.limits.tokensPerIp.hit(ip);
    const now = new Date();
    const changed = await this.store.groupTransaction(async (tx) => {
      const statements = this.statementsOn(tx);
      const [found] = await ('token' in key
        ? statements.claimByToken.execute({ tokenHash: hashSecret(key.token) })
        : statements.claimOfUser.execute({ claimId: key.claimId, userId: key.userId }));
      if (!found || !isShared(found.list, now.getTime())) throw notFound(CLAIM_NOT_FOUND);
      const { claim, item, list } = found;
      const change = claim.kind === 'pledge' ? pledgeChange(claim, item, input) : purchaseChange(claim, input);
      const share = { itemId: item.id, delta: change.delta, claimId: claim.id, ...change.claim, now };
      const [itemNow] = await (claim.kind === 'pledge'
        ? statements.changeAmount.execute({ ...share, price: item.price, ...pledgeRoom(change.delta, pledgeablePrice(item)) })
        : statements.changeUnits.execute(share));
      if (!itemNow) throw changeRefusal(claim, change, (await statements.item.execute({ itemId: item.id }))[0] ?? item);
      return toClaim({ ...claim, ...change.claim }, itemNow, list);
    });
    this.shareViews.invalidate(changed.list._id);
    return changed;
  }

  /** Undo: the claim goes and its units are wanted again. */
  async undo(key: ClaimKey, ip: string | null): Promise<void> {
    if ('token' in key && ip !== null) this.limits.tokensPerIp.hit(ip);
    const { claims, items } = this.store.tables;
    const listId = await this.store.groupTransaction(async (tx) => {
      const [claim] = await tx.delete(claims).where(this.keyCondition(key)).returning();
      if (!claim) throw notFound(CLAIM_NOT_FOUND);
      const undone =
        claim.kind === 'pledge'
          ? { pledgedMinor: sql`${items.pledgedMinor} - ${claim.amountMinor}`, pledgeCount: sql`${items.pledgeCount} - 1` }
          : { quantityPurchased: sql`${items.quantityPurchased} - ${claim.quantity}` };
      await tx
        .update(items)
        .set({ ...undone, updatedAt: new Date() })
        .where(eq(items.id, claim.itemId));
      return claim.wishlistId;
    });
    this.shareViews.invalidate(listId);
  }

  /** Re-list (owner or editor): every claim of the item goes; claimers who left an address are told. */
  async relist(access: ListAccess, itemId: string, request: MailRequest): Promise<Item> {
    const { claims, items } = this.store.tables;
    const outcome = await this.store.transaction(async (tx) => {
      const removed = await tx.delete(claims).where(and(eq(claims.itemId, itemId), eq(claims.wishlistId, access.list.id))).returning();
      const [row] = await tx
        .update(items)
        .set({ quantityPurchased: 0, pledgedMinor: 0, pledgeCount: 0, updatedAt: new Date() })
        .where(and(eq(items.id, itemId), eq(items.wishlistId, access.list.id)))
        .returning();
      if (!row) throw notFound(ITEM_NOT_FOUND);
      return { row, removed };
    });
    this.shareViews.invalidate(access.list.id);
    const addresses = [...new Set(outcome.removed.map((claim) => claim.email).filter(Boolean))];
    if (addresses.length > 0) this.mail.sendRelisted(addresses, { item: outcome.row, list: access.list, request });
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
      .select({ claim: claims, item: items, list: { id: wishlists.id, name: wishlists.name, allowOverPledge: wishlists.allowOverPledge } })
      .from(claims)
      .innerJoin(items, eq(items.id, claims.itemId))
      .innerJoin(wishlists, eq(wishlists.id, claims.wishlistId))
      .where(condition)
      .orderBy(desc(claims.createdAt), desc(claims.id))
      .limit(limit);
    return rows.map(({ claim, item, list }) => toClaim(claim, item, list));
  }

  private async purchaseRefusal(listId: string, itemId: string, wanted: number, nowMs: number) {
    return this.refusal(listId, itemId, nowMs, (item) => {
      if (item.isGroupGift && item.pledgeCount > 0) return conflict('Guests are pledging towards this group gift: pledge what is still needed instead.');
      return unitsRefusal(item, wanted, 0);
    });
  }

  private async pledgeRefusal(listId: string, itemId: string, amountMinor: number, nowMs: number) {
    return this.refusal(listId, itemId, nowMs, (item) => {
      const notPledgeable = pledgeTermsRefusal(item);
      if (notPledgeable) return notPledgeable;
      if (item.quantityPurchased >= item.quantity) return conflict('Someone has already bought this item.');
      return amountRefusal(item, amountMinor, 0);
    });
  }

  /** Why a guest's conditional write changed nothing: 404 for a hidden list or unknown item, else `explain`'s answer (a 409, or a pledge's 400). */
  private async refusal(listId: string, itemId: string, nowMs: number, explain: (item: ItemRow) => ApiError) {
    const list = await this.queries.list(listId);
    if (!list || !isShared(list, nowMs)) return notFound(LIST_NOT_FOUND);
    const item = await this.queries.item(listId, itemId);
    return item ? explain(item) : notFound(ITEM_NOT_FOUND);
  }
}

/** The claim as its holder sees it: the rows of the claim, its item and (part of) its list. */
function toClaim(claim: Row<'claims'>, item: ItemRow, list: Pick<WishlistRow, 'id' | 'name' | 'allowOverPledge'>): Claim {
  const isPledge = claim.kind === 'pledge';
  return {
    _id: claim.id,
    kind: isPledge ? 'pledge' : 'purchase',
    amount: fromMinorUnits(claim.amountMinor),
    maxAmount: isPledge && !list.allowOverPledge ? fromMinorUnits(claim.amountMinor + Math.max(0, (toMinorUnits(item.price) ?? 0) - item.pledgedMinor)) : null,
    quantityPurchased: claim.quantity,
    name: claim.name,
    createdAt: claim.createdAt.toISOString(),
    maxQuantity: isPledge ? 0 : claim.quantity + item.quantity - item.quantityPurchased,
    item: {
      _id: item.id,
      title: item.title,
      imageUrl: item.imageUrl,
      price: item.price,
      currency: item.currency,
      quantity: item.quantity,
      url: item.url,
      giftCardUrl: item.giftCardUrl,
    },
    list: { _id: list.id, name: list.name },
  };
}

/** What a change adds to the item (units or minor units) and the claim's share afterwards. */
interface ClaimDelta {
  delta: number;
  claim: { quantity: number; amountMinor: number };
}

/**
 * 409 for a change that did not fit, worded from `item` as it is now: on PostgreSQL the claim
 * was read with its item before waiting for another change of the claim, so that item may be old.
 */
function changeRefusal(claim: Row<'claims'>, change: ClaimDelta, item: ItemRow) {
  if (claim.kind === 'pledge') return amountRefusal(item, change.delta, claim.amountMinor);
  return unitsRefusal(item, claim.quantity + change.delta, claim.quantity);
}

function purchaseChange(claim: Row<'claims'>, input: ClaimChangeInput): ClaimDelta {
  if (input.quantityPurchased === undefined) throw badRequest('Say how many you are giving (quantityPurchased).');
  return { delta: input.quantityPurchased - claim.quantity, claim: { quantity: input.quantityPurchased, amountMinor: claim.amountMinor } };
}

function pledgeChange(claim: Row<'claims'>, item: ItemRow, input: ClaimChangeInput): ClaimDelta {
  if (input.amount === undefined) throw badRequest('Say how much you are pledging (amount).');
  pledgeablePrice(item);
  const amountMinor = positiveAmount(input.amount);
  return { delta: amountMinor - claim.amountMinor, claim: { quantity: claim.quantity, amountMinor } };
}

/** A positive plain amount in minor units; 400 otherwise. */
function positiveAmount(amount: string): number {
  const minor = toMinorUnits(amount);
  if (minor === null || minor <= 0) throw badRequest('The amount must be a positive amount such as 10 or 12.50 (at most two decimals).');
  if (minor > MAX_PLEDGED_MINOR) throw badRequest(`The amount must be at most ${fromMinorUnits(MAX_PLEDGED_MINOR)}.`);
  return minor;
}

/** 400 for an item that takes no pledges (the pledge statement's own rule), else null. */
function pledgeTermsRefusal(item: Pick<ItemRow, 'isGroupGift' | 'priceMinor'>): ApiError | null {
  if (!item.isGroupGift) return badRequest('Only group gifts take pledges.');
  if (!item.priceMinor) return badRequest('This gift has no price to pledge towards.');
  return null;
}

/** A group gift's price in minor units (pledges stop at MAX_PLEDGED_MINOR); 400 for items that take no pledges. */
function pledgeablePrice(item: Pick<ItemRow, 'isGroupGift' | 'priceMinor'>): number {
  const refusal = pledgeTermsRefusal(item);
  if (refusal) throw refusal;
  return Math.min(item.priceMinor!, MAX_PLEDGED_MINOR);
}

/** 409 saying how much is still needed (besides the caller's own pledge `ownMinor`). */
function amountRefusal(item: ItemRow, wantedMinor: number, ownMinor: number) {
  const stillNeeded = Math.max(0, (toMinorUnits(item.price) ?? 0) - item.pledgedMinor) + ownMinor;
  if (stillNeeded <= 0) return conflict('This group gift is already fully pledged.');
  const money = (minor: number) => formatPrice(fromMinorUnits(minor), item.currency);
  return conflict(`Only ${money(stillNeeded)} is still needed, not ${money(wantedMinor + ownMinor)}.`);
}

/** 409 saying how many units are still wanted (besides the caller's own `own`). */
function unitsRefusal(item: Pick<ItemRow, 'quantity' | 'quantityPurchased'>, wanted: number, own: number) {
  const remaining = item.quantity - item.quantityPurchased + own;
  if (remaining <= 0) return conflict('Someone has already bought this item.');
  return conflict(`Only ${remaining} of this item ${remaining === 1 ? 'is' : 'are'} still wanted, not ${wanted}.`);
}
