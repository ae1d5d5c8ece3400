import { dateOf } from '../../clock';
import { recordListChange } from '../followers/list-changes';
import { GUEST_LIST_DEFAULTS } from '@wishwell/shared/constants';
import type {
  CreateGuestWishlistBody,
  Wishlist,
  WishlistEditor,
  WishlistInput,
  WishlistSummary,
} from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import type { Db, Tables } from '../../db/store';
import { notFound } from '../../domain/errors';
import { logEvent } from '../../log';
import type { RateLimiter } from '../../limits/rate-limit';
import { hashSecret, newId, newSecret } from '../../ids';
import { isShared, type Capabilities, type Caller, type ListAccess, type WishlistAccess } from './access';
import { REMINDERS_DUE_NOW, surpriseColumns, wishlistColumns } from './input';
import { accountOwned } from './invitations';
import { seesItemPurchases, surpriseEndMs, toEditor, toSharedWishlist, toWishlist, toWishlistSummary, unbought, type ItemRow, type ListRole, type WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';
import { currencyOfList, type DefaultCurrency } from './list-currency';
import { renderShareView, type RenderedShareView, type ShareViewCache, type ShareViewTimes } from './share-cache';

/** A new guest list and the capability secret its creating browser keeps in a cookie. */
export interface CreatedGuestList {
  wishlist: Wishlist;
  capability: { listId: string; secret: string } | null;
}

/** Lists, editors, guest lists and claiming, and the guests' share view. */
export class WishlistService {
  constructor(
    private readonly queries: WishlistQueries,
    private readonly access: WishlistAccess,
    private readonly shareViews: ShareViewCache,
    /** Guest lists per IP: each comes with a capability that may upload, so they are bounded. */
    private readonly guestListsPerIp: RateLimiter,
    private readonly defaultCurrency: DefaultCurrency,
  ) {}

  private get clock() {
    return this.queries.clock;
  }

  /** Anonymous visitors get an ownerless list plus its capability; a signed-in caller simply owns it. */
  async createGuest(input: CreateGuestWishlistBody, user: SessionUser | null, ip: string): Promise<CreatedGuestList> {
    const name = input.name.trim();
    if (user) return { wishlist: await this.create({ name, theme: input.theme }, user), capability: null };
    await this.guestListsPerIp.hit(ip);
    const secret = newSecret();
    const row = await this.queries.store.transaction(async (tx) => {
      const created = await this.queries.insertList(this.newListValues({ name, theme: input.theme }, null), tx);
      await this.queries.insertCapability(created.id, hashSecret(secret), dateOf(this.clock), tx);
      return created;
    });
    return { wishlist: await this.render(row, 'guest-owner'), capability: { listId: row.id, secret } };
  }

  async create(input: WishlistInput, user: SessionUser): Promise<Wishlist> {
    return this.render(await this.queries.insertList(this.newListValues(input, user.id)), 'owner');
  }

  /** A new list of the user's, and what `fill` writes into it, in one transaction (an import): all or nothing. */
  async createFilled<T>(input: WishlistInput, user: SessionUser, fill: (tx: Db, listId: string) => Promise<T>): Promise<{ list: WishlistRow; filled: T }> {
    const values = this.newListValues(input, user.id);
    return this.queries.store.transaction(async (tx) => {
      const list = await this.queries.insertList(values, tx);
      return { list, filled: await fill(tx, list.id) };
    });
  }

  async update({ list, role }: ListAccess, input: WishlistInput): Promise<Wishlist> {
    const listId = list.id;
    const row = await this.queries.updateList(listId, { ...wishlistColumns(input), ...surpriseColumns(input, role, dateOf(this.clock)), updatedAt: dateOf(this.clock) });
    this.shareViews.invalidate(listId);
    if (row!.eventDate && row!.eventDate !== list.eventDate) {
      await recordListChange(this.queries.store, this.clock, { wishlistId: listId, kind: 'date-moved', was: list.eventDate, now: row!.eventDate });
    }
    return this.render(row!, role);
  }

  /** Soft delete: the list disappears for everyone (admins still see it as Deleted). */
  async remove({ list }: ListAccess): Promise<void> {
    const listId = list.id;
    await this.queries.updateList(listId, { isDeleted: true, updatedAt: dateOf(this.clock) });
    this.shareViews.invalidate(listId);
  }

  /** Admin: flips the disabled flag; the share view answers 404 (or again 200) at once. */
  async toggleDisabled(listId: string): Promise<{ _id: string; isDisabled: boolean }> {
    const row = await this.queries.toggleDisabled(listId, dateOf(this.clock));
    if (!row) throw notFound('listNotFound');
    this.shareViews.invalidate(listId);
    return row;
  }

  async get({ list, role }: ListAccess): Promise<Wishlist> {
    return this.render(list, role);
  }

  async myLists(user: SessionUser): Promise<WishlistSummary[]> {
    const rows = await this.queries.listsOf(user.id);
    const owners = await this.queries.owners([...new Set(rows.flatMap(({ list }) => (list.ownerId ? [list.ownerId] : [])))]);
    return Promise.all(
      rows.map(async ({ list, stats }) => {
        const owner = (list.ownerId && owners.get(list.ownerId)) || null;
        return toWishlistSummary(list, owner, await currencyOfList(owner, this.defaultCurrency), list.ownerId === user.id ? 'owner' : 'editor', stats, this.clock.now());
      }),
    );
  }

  /**
   * The share view as JSON, rendered once and served from memory until the list changes.
   * During surprise mode (the list's, or an item's moved out of a surprise list) its owner and
   * editors get one rendered for them, with every item they may not see bought listed as unbought:
   * `caller` is asked only then.
   */
  async sharedView(listId: string, caller: () => Promise<Caller | null> = async () => null): Promise<RenderedShareView> {
    const view = await this.guestView(listId);
    const now = this.clock.now();
    if (view.surpriseUntilMs === null || view.surpriseUntilMs <= now) return view;
    const asking = await caller();
    const list = asking && (await this.queries.list(listId));
    const role = list && (await this.access.role(list, asking));
    if (!list || !role) return view;
    const [owner, items] = await Promise.all([this.queries.owner(list.ownerId), this.queries.items(listId)]);
    const seen = items.map((item) => (seesItemPurchases(list, role, item, now) ? item : unbought(item)));
    return renderShareView(toSharedWishlist(list, owner, await currencyOfList(owner, this.defaultCurrency), seen), shareViewTimes(list, items), now);
  }

  private async guestView(listId: string): Promise<RenderedShareView> {
    const now = this.clock.now();
    const cached = this.shareViews.get(listId, now);
    if (cached) return cached;
    const renderStarted = this.shareViews.renderStarted();
    const list = await this.queries.list(listId);
    if (!list || !isShared(list, now)) throw notFound('listNotFound');
    const [owner, items] = await Promise.all([this.queries.owner(list.ownerId), this.queries.items(listId)]);
    const view = toSharedWishlist(list, owner, await currencyOfList(owner, this.defaultCurrency), items);
    return this.shareViews.set(listId, view, shareViewTimes(list, items), now, renderStarted);
  }

  async removeEditor(access: ListAccess, editorId: string): Promise<WishlistEditor[]> {
    const { list, user } = accountOwned(access);
    const listId = list.id;
    if (!(await this.queries.removeEditor(listId, editorId))) throw notFound('notAnEditor');
    logEvent({ event: 'role.change', role: 'editor', change: 'removed', userId: editorId, byUserId: user.id, wishlistId: listId });
    return (await this.queries.editors(listId)).map(toEditor);
  }

  /**
   * Attaches an ownerless list to an account, only when the caller holds that list's capability.
   * Anything else is refused (false) and changes nothing. The capability is spent on success.
   */
  async claimGuestList(listId: string, userId: string, capabilities: Capabilities): Promise<boolean> {
    const list = await this.queries.list(listId);
    if (!list || list.isDeleted || list.ownerId !== null || !(await this.access.holdsCapability(listId, capabilities))) return false;
    const claimed = await this.queries.store.transaction((tx) => this.queries.attachGuestList(listId, userId, dateOf(this.clock), tx));
    if (claimed) this.shareViews.invalidate(listId);
    return claimed;
  }

  /**
   * An account is being deleted: in one transaction its lists are marked deleted (admins still
   * see them as Deleted) and lose any guest capability, and `removeAccount` runs; once committed,
   * their share views are dropped, so guests get 404 at once.
   */
  async retireOwner(ownerId: string, removeAccount: (tx: Db) => Promise<void>): Promise<void> {
    const retired = await this.queries.store.transaction(async (tx) => {
      const ids = await this.queries.idsOwnedBy(ownerId, tx);
      await this.queries.retire(ids, dateOf(this.clock), tx);
      await removeAccount(tx);
      return ids;
    });
    for (const id of retired) this.shareViews.invalidate(id);
  }

  /** The owner's name or currency changed: their lists' share views are rendered again. */
  async ownerChanged(ownerId: string): Promise<void> {
    for (const id of await this.queries.idsOwnedBy(ownerId)) this.shareViews.invalidate(id);
  }

  private async render(list: WishlistRow, role: ListRole): Promise<Wishlist> {
    const [owner, editors, items, buyers] = await Promise.all([
      this.queries.owner(list.ownerId),
      this.queries.editors(list.id),
      this.queries.items(list.id),
      this.queries.buyers({ listId: list.id }),
    ]);
    return toWishlist(list, owner, await currencyOfList(owner, this.defaultCurrency), editors, items, buyers, role, this.clock.now());
  }

  private newListValues(input: WishlistInput, ownerId: string | null): Tables['wishlists']['$inferInsert'] {
    const now = dateOf(this.clock);
    const columns = wishlistColumns(input);
    return {
      ...surpriseColumns(input, 'owner', now),
      id: newId(),
      name: columns.name,
      description: columns.description ?? '',
      theme: columns.theme ?? GUEST_LIST_DEFAULTS.theme,
      isRecurring: columns.isRecurring ?? false,
      eventDate: columns.eventDate ?? null,
      remindersFrom: columns.eventDate ? REMINDERS_DUE_NOW : null,
      expiresAt: columns.expiresAt ?? null,
      coverImage: columns.coverImage ?? null,
      colorSet: columns.colorSet ?? 'default',
      allowOverPledge: columns.allowOverPledge ?? false,
      ownerId,
      createdAt: now,
      updatedAt: now,
    };
  }
}

function shareViewTimes(list: WishlistRow, items: ItemRow[]): ShareViewTimes {
  return { expiresAtMs: list.expiresAt?.getTime() ?? null, surpriseUntilMs: surpriseEndMs(list, items) };
}
