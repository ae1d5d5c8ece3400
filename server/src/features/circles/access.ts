import type { SessionUser } from '../../auth/session-user';
import { forbidden, notFound } from '../../domain/errors';
import { isShared, type Caller, type WishlistAccess } from '../wishlists/access';
import type { WishlistRow } from '../wishlists/mappers';
import type { CircleQueries, CircleRow } from './queries';

declare const member: unique symbol;
declare const circled: unique symbol;

/** Proof that `user` is a member (since `joinedAt`; `isCreator`, the creator) of `circle`; only CircleAccess makes one. */
export type CircleMembership = {
  readonly circle: CircleRow;
  readonly user: SessionUser;
  readonly isCreator: boolean;
  readonly joinedAt: Date;
} & { readonly [member]: true };

/**
 * Proof of the caller's place on a live list: its owner, an editor, or a member of a circle the
 * list is shared with. The owner passes (some routes answer the owner too), and each service
 * decides what the owner may never learn.
 */
export type CircledList = {
  readonly list: WishlistRow;
  readonly role: 'owner' | 'editor' | 'circle-member';
  readonly user: SessionUser;
} & { readonly [circled]: true };

/** The circle policies' checks (http/access.ts CircleRules): membership, creatorship, a place on a list. */
export class CircleAccess {
  constructor(
    private readonly queries: CircleQueries,
    private readonly lists: WishlistAccess,
  ) {}

  async member(circleId: string, user: SessionUser): Promise<CircleMembership> {
    const circle = await this.queries.circle(circleId);
    if (!circle) throw notFound('circleNotFound');
    const joinedAt = await this.queries.joinedAt(circleId, user.id);
    if (!joinedAt) throw forbidden('circleMembersOnly');
    return { circle, user, isCreator: await this.runs(circle, user.id), joinedAt } as CircleMembership;
  }

  /** The creator runs the circle; once their account is gone (creator_id null), the member who joined first does. */
  private async runs(circle: CircleRow, userId: string): Promise<boolean> {
    if (circle.creatorId !== null) return circle.creatorId === userId;
    const [first] = await this.queries.members(circle.id);
    return first?.userId === userId;
  }

  async creator(circleId: string, user: SessionUser): Promise<CircleMembership> {
    const membership = await this.member(circleId, user);
    if (!membership.isCreator) throw forbidden('circleCreatorOnly');
    return membership;
  }

  async onList(listId: string, caller: Caller & { user: SessionUser }): Promise<CircledList> {
    const list = await this.queries.lists.list(listId);
    if (!list || list.isDeleted) throw notFound('listNotFound');
    const role = await this.lists.role(list, caller);
    if (role === 'owner' || role === 'guest-owner') return { list, role: 'owner', user: caller.user } as CircledList;
    if (role === 'editor') return { list, role, user: caller.user } as CircledList;
    const nowMs = this.queries.lists.clock.now();
    if (isShared(list, nowMs) && (await this.queries.sharesListWith(listId, caller.user.id))) return { list, role: 'circle-member', user: caller.user } as CircledList;
    throw forbidden('circleListOnly');
  }
}
