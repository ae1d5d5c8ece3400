import type { SessionUser } from '../../auth/session-user';
import { forbidden, notFound, unauthorized } from '../../domain/errors';
import { hashSecret } from '../../ids';
import type { ListRole, WishlistRow } from './mappers';
import type { WishlistQueries } from './queries';

/** The guest-list capabilities a browser presents: list id -> capability secret. */
export type Capabilities = ReadonlyMap<string, string>;

/** Who is asking: the signed-in account (if any) and the capabilities the browser holds. */
export interface Caller {
  user: SessionUser | null;
  capabilities: Capabilities;
}

/** Guests see a list unless it is deleted, disabled or expired (spec: wishlist display status). */
export function isShared(list: Pick<WishlistRow, 'isDeleted' | 'isDisabled' | 'expiresAt'>, nowMs: number): boolean {
  return !list.isDeleted && !list.isDisabled && (list.expiresAt === null || list.expiresAt.getTime() > nowMs);
}

declare const granted: unique symbol;

/**
 * Proof that the caller may act on a live list: the list row and the caller's role on it. Only
 * WishlistAccess (which the access policies call) makes one: its brand cannot be written elsewhere.
 */
export type ListAccess = {
  readonly list: WishlistRow;
  readonly role: ListRole;
  /** The signed-in account (null for a guest-owner acting through the capability). */
  readonly user: SessionUser | null;
} & { readonly [granted]: true };

/** How many capability cookies one request may make us look up. */
const MAX_CAPABILITIES_CHECKED = 20;

/**
 * Decides the caller's role on a list: owner, editor, or guest-owner (an ownerless list whose
 * capability cookie the browser holds). Admins get no extra rights on lists here. This is the
 * one capability check; the access policies call it once per request.
 */
export class WishlistAccess {
  constructor(private readonly queries: WishlistQueries) {}

  async holdsCapability(listId: string, capabilities: Capabilities): Promise<boolean> {
    const secret = capabilities.get(listId);
    return secret !== undefined && (await this.queries.capabilityList(hashSecret(secret))) === listId;
  }

  /** The first list whose capability the browser genuinely holds, or null. */
  async guestListOf(capabilities: Capabilities): Promise<string | null> {
    let checked = 0;
    for (const listId of capabilities.keys()) {
      if (++checked > MAX_CAPABILITIES_CHECKED) break;
      if (await this.holdsCapability(listId, capabilities)) return listId;
    }
    return null;
  }

  /** The caller's role on the list, or null for anyone else (a guest). */
  async role(list: WishlistRow, caller: Caller): Promise<ListRole | null> {
    const userId = caller.user?.id;
    if (userId && list.ownerId === userId) return 'owner';
    if (list.ownerId === null && (await this.holdsCapability(list.id, caller.capabilities))) return 'guest-owner';
    if (userId && (await this.queries.isEditor(list.id, userId))) return 'editor';
    return null;
  }

  /** A live (not deleted) list the caller may change, with the caller's role; else 404/401/403. */
  async editable(listId: string, caller: Caller): Promise<ListAccess> {
    const list = await this.queries.list(listId);
    if (!list || list.isDeleted) throw notFound('listNotFound');
    const role = await this.role(list, caller);
    if (role) return { list, role, user: caller.user } as ListAccess;
    if (!caller.user && !caller.capabilities.has(listId)) throw unauthorized('signIn');
    throw forbidden('ownerOrEditors');
  }

  /** Like editable, but only the owner (a guest-owner owns its ownerless list). */
  async owned(listId: string, caller: Caller): Promise<ListAccess> {
    const access = await this.editable(listId, caller);
    if (access.role === 'editor') throw forbidden('ownerOnly');
    return access;
  }
}
