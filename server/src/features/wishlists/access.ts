import type { SessionUser } from '../../auth/session-user';
import { CAPABILITY_COOKIE_PREFIX } from '../../http/cookies';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import { hashSecret } from '../../ids';
import type { ListRole, WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';

/** Who is asking: the signed-in account (if any) and the browser's cookies (capabilities). */
export interface Caller {
  user: SessionUser | null;
  cookies: Map<string, string>;
}

export const LIST_NOT_FOUND = 'Could not find this wishlist.';
export const ITEM_NOT_FOUND = 'Could not find this item.';

/** Guests see a list unless it is deleted, disabled or expired (spec: wishlist display status). */
export function isShared(list: WishlistRow, nowMs: number): boolean {
  return !list.isDeleted && !list.isDisabled && (list.expiresAt === null || list.expiresAt.getTime() > nowMs);
}

export const capabilityCookieName = (listId: string) => `${CAPABILITY_COOKIE_PREFIX}${listId}`;

/**
 * Decides the caller's role on a list: owner, editor, or guest-owner (an ownerless list whose
 * capability cookie the browser holds). Admins get no extra rights on lists here.
 */
export class WishlistAccess {
  constructor(private readonly queries: WishlistQueries) {}

  async holdsCapability(listId: string, cookies: Map<string, string>): Promise<boolean> {
    const secret = cookies.get(capabilityCookieName(listId));
    return secret !== undefined && (await this.queries.capabilityList(hashSecret(secret))) === listId;
  }

  /** Whether any capability cookie the browser sends is genuine (guests may then upload covers). */
  async holdsAnyCapability(cookies: Map<string, string>): Promise<boolean> {
    for (const name of cookies.keys()) {
      if (name.startsWith(CAPABILITY_COOKIE_PREFIX) && (await this.holdsCapability(name.slice(CAPABILITY_COOKIE_PREFIX.length), cookies))) return true;
    }
    return false;
  }

  async role(list: WishlistRow, caller: Caller): Promise<ListRole | null> {
    const userId = caller.user?.id;
    if (userId && list.ownerId === userId) return 'owner';
    if (list.ownerId === null && (await this.holdsCapability(list.id, caller.cookies))) return 'guest-owner';
    if (userId && (await this.queries.isEditor(list.id, userId))) return 'editor';
    return null;
  }

  /** A live (not deleted) list the caller may change, with the caller's role; else 404/401/403. */
  async editable(listId: string, caller: Caller): Promise<{ list: WishlistRow; role: ListRole }> {
    const list = await this.queries.list(listId);
    if (!list || list.isDeleted) throw notFound(LIST_NOT_FOUND);
    const role = await this.role(list, caller);
    if (role) return { list, role };
    if (!caller.user && !caller.cookies.has(capabilityCookieName(listId))) throw unauthorized();
    throw forbidden('Only the owner and editors of this wishlist can do that.');
  }

  /** Like editable, but only the owner (a guest-owner owns its ownerless list). */
  async owned(listId: string, caller: Caller): Promise<WishlistRow> {
    const { list, role } = await this.editable(listId, caller);
    if (role === 'editor') throw forbidden('Only the owner of this wishlist can do that.');
    return list;
  }
}
