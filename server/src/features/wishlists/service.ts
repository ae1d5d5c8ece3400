import { and, eq, isNull } from 'drizzle-orm';
import { GUEST_LIST_DEFAULTS } from '@wishwell/shared/constants';
import type {
  CreateGuestWishlistBody,
  Wishlist,
  WishlistEditor,
  WishlistInput,
  WishlistSummary,
} from '@wishwell/shared/wishlist-types';
import type { SessionUser } from '../../auth/session-user';
import { wishlistCapabilities, wishlistEditors, wishlists } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { hashSecret, newId, newSecret } from '../../ids';
import { capabilityCookieName, isShared, LIST_NOT_FOUND, type Caller, type WishlistAccess } from './access';
import { wishlistColumns } from './input';
import { toEditor, toSharedWishlist, toWishlist, toWishlistSummary, type ListRole, type WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';
import type { RenderedShareView, ShareViewCache } from './share-cache';

/** A new guest list and the capability secret its creating browser keeps in a cookie. */
export interface CreatedGuestList {
  wishlist: Wishlist;
  capability: { cookieName: string; secret: string } | null;
}

/** Lists, editors, guest lists and claiming, and the guests' share view. */
export class WishlistService {
  constructor(
    private readonly queries: WishlistQueries,
    private readonly access: WishlistAccess,
    private readonly shareViews: ShareViewCache,
  ) {}

  private get db() {
    return this.queries.db;
  }

  /** Anonymous visitors get an ownerless list plus its capability; a signed-in caller simply owns it. */
  createGuest(input: CreateGuestWishlistBody, user: SessionUser | null): CreatedGuestList {
    const name = input.name.trim();
    if (user) return { wishlist: this.create({ name, theme: input.theme }, user), capability: null };
    const secret = newSecret();
    const row = this.db.transaction((tx) => {
      const created = tx.insert(wishlists).values(this.newListValues({ name, theme: input.theme }, null)).returning().get();
      tx.insert(wishlistCapabilities).values({ secretHash: hashSecret(secret), wishlistId: created.id, createdAt: new Date() }).run();
      return created;
    });
    return { wishlist: this.render(row, 'guest-owner'), capability: { cookieName: capabilityCookieName(row.id), secret } };
  }

  create(input: WishlistInput, user: SessionUser): Wishlist {
    const row = this.db.insert(wishlists).values(this.newListValues(input, user.id)).returning().get();
    return this.render(row, 'owner');
  }

  update(listId: string, input: WishlistInput, caller: Caller): Wishlist {
    const { role } = this.access.editable(listId, caller);
    const row = this.db
      .update(wishlists)
      .set({ ...wishlistColumns(input), updatedAt: new Date() })
      .where(eq(wishlists.id, listId))
      .returning()
      .get()!;
    this.shareViews.invalidate(listId);
    return this.render(row, role);
  }

  /** Soft delete: the list disappears for everyone (admins still see it as Deleted). */
  remove(listId: string, caller: Caller): void {
    this.access.owned(listId, caller);
    this.db.update(wishlists).set({ isDeleted: true, updatedAt: new Date() }).where(eq(wishlists.id, listId)).run();
    this.shareViews.invalidate(listId);
  }

  get(listId: string, caller: Caller): Wishlist {
    const { list, role } = this.access.editable(listId, caller);
    return this.render(list, role);
  }

  myLists(user: SessionUser): WishlistSummary[] {
    const rows = this.queries.listsOf(user.id);
    const owners = this.queries.owners([...new Set(rows.flatMap(({ list }) => (list.ownerId ? [list.ownerId] : [])))]);
    return rows.map(({ list, stats }) =>
      toWishlistSummary(list, (list.ownerId && owners.get(list.ownerId)) || null, list.ownerId === user.id ? 'owner' : 'editor', stats),
    );
  }

  /** The guest view as JSON, rendered once and served from memory until the list changes. */
  sharedView(listId: string): RenderedShareView {
    const now = Date.now();
    const cached = this.shareViews.get(listId, now);
    if (cached) return cached;
    const list = this.queries.list(listId);
    if (!list || !isShared(list, now)) throw notFound(LIST_NOT_FOUND);
    const view = toSharedWishlist(list, this.queries.owner(list.ownerId), this.queries.items(listId));
    return this.shareViews.set(listId, JSON.stringify(view), list.expiresAt?.getTime() ?? null, now);
  }

  addEditor(listId: string, email: string, caller: Caller): WishlistEditor[] {
    const list = this.accountOwned(listId, caller);
    const account = this.queries.userByEmail(email);
    if (!account) throw notFound(`No account uses the e-mail address ${email.trim()}. Ask them to register first.`);
    if (account.id === list.ownerId) throw badRequest('You already own this wishlist.');
    this.db.insert(wishlistEditors).values({ wishlistId: listId, userId: account.id, createdAt: new Date() }).onConflictDoNothing().run();
    return this.queries.editors(listId).map(toEditor);
  }

  removeEditor(listId: string, editorId: string, caller: Caller): WishlistEditor[] {
    this.accountOwned(listId, caller);
    const removed = this.db
      .delete(wishlistEditors)
      .where(and(eq(wishlistEditors.wishlistId, listId), eq(wishlistEditors.userId, editorId)))
      .returning({ userId: wishlistEditors.userId })
      .get();
    if (!removed) throw notFound('This person is not an editor of this wishlist.');
    return this.queries.editors(listId).map(toEditor);
  }

  /**
   * Attaches an ownerless list to an account, only when the cookies hold that list's capability.
   * Anything else is refused (false) and changes nothing. The capability is spent on success.
   */
  claimGuestList(listId: string, userId: string, cookies: Map<string, string>): boolean {
    const list = this.queries.list(listId);
    if (!list || list.isDeleted || list.ownerId !== null || !this.access.holdsCapability(listId, cookies)) return false;
    const claimed = this.db.transaction((tx) => {
      const attached = tx
        .update(wishlists)
        .set({ ownerId: userId, updatedAt: new Date() })
        .where(and(eq(wishlists.id, listId), isNull(wishlists.ownerId)))
        .returning({ id: wishlists.id })
        .get();
      if (!attached) return false;
      tx.delete(wishlistCapabilities).where(eq(wishlistCapabilities.wishlistId, listId)).run();
      return true;
    });
    if (claimed) this.shareViews.invalidate(listId);
    return claimed;
  }

  /** Editors belong to an account's list: a guest list must be claimed (signed up) first. */
  private accountOwned(listId: string, caller: Caller): WishlistRow {
    const list = this.access.owned(listId, caller);
    if (list.ownerId === null) throw forbidden('Sign up to add editors to this wishlist.');
    return list;
  }

  private render(list: WishlistRow, role: ListRole): Wishlist {
    return toWishlist(list, this.queries.owner(list.ownerId), this.queries.editors(list.id), this.queries.items(list.id), role);
  }

  private newListValues(input: WishlistInput, ownerId: string | null): typeof wishlists.$inferInsert {
    const now = new Date();
    const columns = wishlistColumns(input);
    return {
      id: newId(),
      name: columns.name,
      description: columns.description ?? '',
      theme: columns.theme ?? GUEST_LIST_DEFAULTS.theme,
      isRecurring: columns.isRecurring ?? false,
      eventDate: columns.eventDate ?? null,
      expiresAt: columns.expiresAt ?? null,
      coverImage: columns.coverImage ?? null,
      colorSet: columns.colorSet ?? 'default',
      ownerId,
      createdAt: now,
      updatedAt: now,
    };
  }
}
