import { dateOf } from '../../clock';
import { notify } from '../notifications/notify';
import { fromMinorUnits, MAX_PLEDGED_MINOR, toMinorUnits } from '@wishwell/shared/money';
import { formatPrice } from '@wishwell/shared/price-format';
import {
  claimPath,
  type Claim,
  type ClaimChangeInput,
  type HeldClaim,
  type Item,
  type PledgeInput,
  type PurchaseInput,
  type PurchaseResult,
} from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import type { Db, Row } from '../../db/store';
import { conflict, invalid, notFound, type DomainError } from '../../domain/errors';
import type { RateLimiter } from '../../limits/rate-limit';
import { hashSecret, newSecret, newTimeOrderedId } from '../../ids';
import { isShared, type ListAccess } from './access';
import type { MailRequest } from '../../mail/mailer';
import type { ClaimMail, Receipt } from './claim-mail';
import type { ClaimQueries, ClaimWithItem } from './claim-queries';
import { prepareClaimStatements, type ClaimKind, type ClaimStatements } from './claim-statements';
import { toItem, toSharedItem, type ItemRow, type WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';
import type { ShareViewCache } from './share-cache';

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
  if (trimmed !== '' && (!EMAIL_PATTERN.test(trimmed) || trimmed.length > 254)) throw invalid('invalidEmailAddress', { address: trimmed });
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
    private readonly claimRows: ClaimQueries,
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
    if (email) await this.limits.mailsPerIp.hit(buyer.ip);
    const now = dateOf(this.queries.clock);
    const token = newSecret();
    const claimId = newTimeOrderedId();
    const quantity = input.quantityPurchased;
    const claim = { claimId, name: input.purchasedBy?.trim() ?? '', email, userId: buyer.user?.id ?? null, tokenHash: hashSecret(token) };
    const manageUrl = await this.manageUrl(buyer, token);
    const receipt = email ? { to: email, listId, itemId, manageUrl, language: buyer.language, reserved: { quantity } } : null;
    const [row] = await this.claimWrite(receipt, (db) => this.statementsOn(db).purchase.execute({ listId, itemId, delta: quantity, now, ...claim }));
    if (!row) throw await this.purchaseRefusal(listId, itemId, quantity, now.getTime());
    return this.receipt(row, claimId, token, manageUrl);
  }

  /**
   * A guest pledges an amount towards a group gift: one conditional UPDATE adds it only to a
   * group gift with a price and only while the pledges stay within it (unless the owner allows
   * over-pledging), so two guests pledging the last £10 cannot both get in. Amounts are whole minor units.
   */
  async pledge(listId: string, itemId: string, input: PledgeInput, buyer: Buyer): Promise<PurchaseResult> {
    const amountMinor = positiveAmount(input.amount);
    const email = claimEmail(input.email);
    if (email) await this.limits.mailsPerIp.hit(buyer.ip);
    const now = dateOf(this.queries.clock);
    const token = newSecret();
    const claimId = newTimeOrderedId();
    const claim = { claimId, name: input.name?.trim() ?? '', email, userId: buyer.user?.id ?? null, tokenHash: hashSecret(token) };
    const manageUrl = await this.manageUrl(buyer, token);
    const receipt = email ? { to: email, listId, itemId, manageUrl, language: buyer.language, reserved: { pledgedMinor: amountMinor } } : null;
    const [row] = await this.claimWrite(receipt, (db) => this.statementsOn(db).pledge.execute({ itemId, listId, delta: amountMinor, now, ...claim }));
    if (!row) throw await this.pledgeRefusal(listId, itemId, amountMinor, now.getTime());
    return this.receipt(row, claimId, token, manageUrl);
  }

  private async manageUrl(buyer: Buyer, token: string): Promise<string> {
    return `${await this.mail.origin(buyer.origin)}${claimPath(token)}`;
  }

  /**
   * A purchase's or pledge's write: alone (one statement on PostgreSQL) without an address; with
   * one, in a transaction that also queues the buyer's receipt (composed before it), so a claim
   * rolled back sends none and one made always has its mail on the way. Both share SQLite's
   * group commit with the turn's other writes, as claims without an address do.
   */
  private async claimWrite<R>(receipt: Receipt | null, write: (db: Db) => Promise<R[]>): Promise<R[]> {
    if (!receipt) return this.store.compoundWrite(write);
    const [mail, queue] = await Promise.all([this.mail.manageLink(receipt), this.mail.queueIn()]);
    return this.store.groupTransaction(async (tx) => {
      const rows = await write(tx);
      if (rows.length > 0 && mail) await queue(mail, tx);
      return rows;
    });
  }

  /** After a purchase or pledge: the share views drop it (the write told the other replicas). */
  private receipt(row: ItemRow, claimId: string, token: string, manageUrl: string): PurchaseResult {
    this.shareViews.announced(row.wishlistId);
    return { ...toSharedItem(row), claim: { id: claimId, token, manageUrl } };
  }

  /** The claim with its item and list; 404 when the key opens none (or its list is hidden). */
  async get(key: ClaimKey, ip: string | null): Promise<Claim> {
    if ('token' in key && ip !== null) await this.limits.tokensPerIp.hit(ip);
    const now = dateOf(this.queries.clock);
    const found = 'token' in key ? await this.claimRows.byTokenHash(hashSecret(key.token), now) : await this.claimRows.ofUser(key.userId, key.claimId, now);
    if (!found) throw notFound('claimNotFound');
    return claimOf(found);
  }

  /**
   * The claims a browser holds on a list, as they are now: a claim undone or re-listed elsewhere
   * is not answered, so the page stops showing it. One call counts once against the token limit.
   */
  async held(listId: string, tokens: string[], ip: string): Promise<HeldClaim[]> {
    if (tokens.length === 0) return [];
    await this.limits.tokensPerIp.hit(ip);
    const byHash = new Map(tokens.map((token) => [hashSecret(token), token]));
    const rows = await this.claimRows.held(listId, [...byHash.keys()], dateOf(this.queries.clock));
    return rows.map((row) => ({ ...claimOf(row), token: byHash.get(row.claim.tokenHash!)! }));
  }

  /** The signed-in account's claims on lists guests may see, newest first. */
  async mine(user: SessionUser): Promise<Claim[]> {
    return (await this.claimRows.allOfUser(user.id, dateOf(this.queries.clock), MAX_RESERVATIONS_SHOWN)).map(claimOf);
  }

  /**
   * Changes a purchase's quantity (1 .. its own units plus the ones still wanted) or a pledge's
   * amount (at most its own plus what is still needed, unless over-pledging is allowed); 409 past
   * that. Each change asked for is one conditional write for its kind of claim (one statement on
   * PostgreSQL); when none changed the claim, one read words why.
   */
  async change(key: ClaimKey, input: ClaimChangeInput, ip: string | null): Promise<Claim> {
    if ('token' in key && ip !== null) await this.limits.tokensPerIp.hit(ip);
    const now = dateOf(this.queries.clock);
    const owned = ownedBy(key);
    for (const { kind, share } of askedChanges(input)) {
      const [row] = await this.store.compoundWrite((db) => {
        const statements = this.statementsOn(db);
        return ('token' in key ? statements.changeByToken : statements.changeOfUser)[kind].execute({ ...owned, ...share, now });
      });
      if (!row) continue;
      const { source: claim, changed: item } = row;
      this.shareViews.invalidate(item.wishlistId);
      return toClaim({ ...claim, ...share }, item, { id: item.wishlistId, name: claim.listName, allowOverPledge: claim.allowOverPledge });
    }
    throw await this.changeRefusal(key, input, now.getTime());
  }

  /** Why a change was not made, worded from the claim and its item as they are now: 404, a 400 for what the claim's kind needs, else 409. */
  private async changeRefusal(key: ClaimKey, input: ClaimChangeInput, nowMs: number): Promise<DomainError> {
    const statements = this.statementsOn(this.store.db);
    const [found] = await ('token' in key ? statements.claimByToken : statements.claimOfUser).execute(ownedBy(key));
    if (!found || !isShared(found.list, nowMs)) return notFound('claimNotFound');
    const { claim, item } = found;
    if (claim.kind === 'pledge') {
      if (input.amount === undefined) return invalid('sayHowMuch');
      const amountMinor = positiveAmount(input.amount);
      return pledgeTermsRefusal(item) ?? amountRefusal(item, amountMinor - claim.amountMinor, claim.amountMinor);
    }
    if (input.quantityPurchased === undefined) return invalid('sayHowMany');
    return unitsRefusal(item, input.quantityPurchased, claim.quantity);
  }

  /** Undo: the claim goes and its units (or pledge) are wanted again; one statement on PostgreSQL. */
  async undo(key: ClaimKey, ip: string | null): Promise<void> {
    if ('token' in key && ip !== null) await this.limits.tokensPerIp.hit(ip);
    const [row] = await this.store.compoundWrite((db) => {
      const statements = this.statementsOn(db);
      return ('token' in key ? statements.undoByToken : statements.undoOfUser).execute({ ...ownedBy(key), now: dateOf(this.queries.clock) });
    });
    if (!row) throw notFound('claimNotFound');
    this.shareViews.invalidate(row.changed.wishlistId);
  }

  /**
   * Re-list (owner or editor): every claim of the item goes; claimers who left an address, or bought
   * signed in, are told (mail and bell), in the transaction that removes the claims.
   */
  async relist(access: ListAccess, itemId: string, request: MailRequest): Promise<Item> {
    const listId = access.list.id;
    // The mails are written before the transaction (they read the claimers' languages), from the claims as they stand now.
    const [known, current] = await Promise.all([this.claimRows.ofItem(listId, itemId), this.queries.item(listId, itemId)]);
    if (!current) throw notFound('itemNotFound');
    const mails = await this.mail.relisted(await this.claimerAddresses(known), { title: current.title, list: access.list, request });
    const queue = await this.mail.queueIn();
    const row = await this.store.transaction(async (tx) => {
      const { removed, item: updated } = await this.claimRows.relist(listId, itemId, dateOf(this.queries.clock), tx);
      if (!updated) throw notFound('itemNotFound');
      const told = new Set(await this.claimerAddresses(removed, tx));
      for (const mail of mails) if (told.has(mail.to)) await queue(mail, tx);
      const accounts = removed.flatMap((claim) => (claim.userId ? [claim.userId] : []));
      await notify(this.store, accounts, { kind: 'reserved-item-relisted', wishlistId: listId, listName: access.list.name, detail: updated.title }, dateOf(this.queries.clock), tx);
      return updated;
    });
    this.shareViews.invalidate(listId);
    return toItem(row, '');
  }

  /** Each claim's own address, else its account's: a signed-in buyer who typed none still hears. */
  private async claimerAddresses(removed: Row<'claims'>[], db: Db = this.store.db): Promise<string[]> {
    const accountIds = removed.filter((claim) => !claim.email && claim.userId).map((claim) => claim.userId!);
    const accounts = await this.claimRows.addressesOf(accountIds, db);
    return [...new Set([...removed.map((claim) => claim.email), ...accounts].filter(Boolean))];
  }

  private async purchaseRefusal(listId: string, itemId: string, wanted: number, nowMs: number) {
    return this.refusal(listId, itemId, nowMs, (item) => {
      if (item.isGroupGift && item.pledgeCount > 0) return conflict('pledgeInstead');
      return unitsRefusal(item, wanted, 0);
    });
  }

  private async pledgeRefusal(listId: string, itemId: string, amountMinor: number, nowMs: number) {
    return this.refusal(listId, itemId, nowMs, (item) => {
      const notPledgeable = pledgeTermsRefusal(item);
      if (notPledgeable) return notPledgeable;
      if (item.quantityPurchased >= item.quantity) return conflict('alreadyBought');
      return amountRefusal(item, amountMinor, 0);
    });
  }

  /** Why a guest's conditional write changed nothing: 404 for a hidden list or unknown item, else `explain`'s answer (a 409, or a pledge's 400). */
  private async refusal(listId: string, itemId: string, nowMs: number, explain: (item: ItemRow) => DomainError) {
    const list = await this.queries.list(listId);
    if (!list || !isShared(list, nowMs)) return notFound('listNotFound');
    const item = await this.queries.item(listId, itemId);
    return item ? explain(item) : notFound('itemNotFound');
  }
}

/** The placeholders of the claim statements that find the claim `key` opens. */
function ownedBy(key: ClaimKey): { tokenHash: string } | { claimId: string; userId: string } {
  return 'token' in key ? { tokenHash: hashSecret(key.token) } : { claimId: key.claimId, userId: key.userId };
}

function claimOf({ claim, item, list }: ClaimWithItem): Claim {
  return toClaim(claim, item, list);
}

/** The claim as its holder sees it: the rows of the claim, its item and (part of) its list. */
function toClaim(
  claim: Pick<Row<'claims'>, 'id' | 'kind' | 'quantity' | 'amountMinor' | 'name' | 'createdAt'>,
  item: ItemRow,
  list: Pick<WishlistRow, 'id' | 'name' | 'allowOverPledge'>,
): Claim {
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

/** A change `input` asks for, by the kind of claim it applies to: a purchase's units, or a pledge's amount (checked here). */
interface AskedChange {
  kind: ClaimKind;
  share: { quantity: number } | { amountMinor: number };
}

/** The changes `input` asks for: both when it gives both (the claim's kind decides which applies). */
function askedChanges(input: ClaimChangeInput): AskedChange[] {
  const asked: AskedChange[] = [];
  if (input.quantityPurchased !== undefined) asked.push({ kind: 'purchase', share: { quantity: input.quantityPurchased } });
  if (input.amount !== undefined) asked.push({ kind: 'pledge', share: { amountMinor: positiveAmount(input.amount) } });
  return asked;
}

/** A positive plain amount in minor units; 400 otherwise. */
function positiveAmount(amount: string): number {
  const minor = toMinorUnits(amount);
  if (minor === null || minor <= 0) throw invalid('amountPositive');
  if (minor > MAX_PLEDGED_MINOR) throw invalid('amountTooLarge', { max: fromMinorUnits(MAX_PLEDGED_MINOR) });
  return minor;
}

/** 400 for an item that takes no pledges (the pledge statement's own rule), else null. */
function pledgeTermsRefusal(item: Pick<ItemRow, 'isGroupGift' | 'priceMinor'>): DomainError | null {
  if (!item.isGroupGift) return invalid('groupGiftOnly');
  if (!item.priceMinor) return invalid('noPriceToPledge');
  return null;
}

/** 409 saying how much is still needed (besides the caller's own pledge `ownMinor`). */
function amountRefusal(item: ItemRow, wantedMinor: number, ownMinor: number) {
  const stillNeeded = Math.max(0, (toMinorUnits(item.price) ?? 0) - item.pledgedMinor) + ownMinor;
  if (stillNeeded <= 0) return conflict('fullyPledged');
  const money = (minor: number) => formatPrice(fromMinorUnits(minor), item.currency);
  return conflict('stillNeeded', { stillNeeded: money(stillNeeded), amount: money(wantedMinor + ownMinor) });
}

/** 409 saying how many units are still wanted (besides the caller's own `own`). */
function unitsRefusal(item: Pick<ItemRow, 'quantity' | 'quantityPurchased'>, wanted: number, own: number) {
  const remaining = item.quantity - item.quantityPurchased + own;
  if (remaining <= 0) return conflict('alreadyBought');
  return conflict(remaining === 1 ? 'unitsLeftOne' : 'unitsLeftOther', { remaining, wanted });
}
