import { and, asc, count, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { hashSecret } from '../../ids';
import type { DataStore, Row } from '../../db/store';
import type { WishlistQueries } from '../wishlists/queries';

export type CircleRow = Row<'circles'>;
export type SuggestionRow = Row<'suggestions'>;

/** The reads the circles and suggestions services share. */
export class CircleQueries {
  constructor(
    readonly store: DataStore,
    /** The wish list feature's reads (lists, their time). */
    readonly lists: WishlistQueries,
  ) {}

  private get db() {
    return this.store.db;
  }

  private get tables() {
    return this.store.tables;
  }

  async circle(id: string): Promise<CircleRow | undefined> {
    const { circles } = this.tables;
    const [row] = await this.db.select().from(circles).where(eq(circles.id, id));
    return row;
  }

  /** The circle whose current invite link, or a live invitation mailed for it, is `token`. */
  async circleByToken(token: string, now: Date): Promise<CircleRow | undefined> {
    const { circles, circleInvitations } = this.tables;
    const hash = hashSecret(token);
    const [row] = await this.db.select().from(circles).where(eq(circles.joinTokenHash, hash));
    if (row) return row;
    const [mailed] = await this.db
      .select({ circle: circles })
      .from(circleInvitations)
      .innerJoin(circles, eq(circles.id, circleInvitations.circleId))
      .where(and(eq(circleInvitations.tokenHash, hash), gt(circleInvitations.expiresAt, now)));
    return mailed?.circle;
  }

  /** Removes the mailed invitations whose time ran out (an unused one is otherwise kept until its circle's link is renewed). */
  async deleteExpiredInvitations(now: Date): Promise<void> {
    const { circleInvitations } = this.tables;
    await this.db.delete(circleInvitations).where(lte(circleInvitations.expiresAt, now));
  }

  async isMember(circleId: string, userId: string): Promise<boolean> {
    return (await this.joinedAt(circleId, userId)) !== undefined;
  }

  /** When `userId` joined the circle (undefined: not a member). */
  async joinedAt(circleId: string, userId: string): Promise<Date | undefined> {
    const { circleMembers } = this.tables;
    const [row] = await this.db
      .select({ joinedAt: circleMembers.createdAt })
      .from(circleMembers)
      .where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
    return row?.joinedAt;
  }

  async memberCount(circleId: string): Promise<number> {
    const { circleMembers } = this.tables;
    const [row] = await this.db.select({ n: count() }).from(circleMembers).where(eq(circleMembers.circleId, circleId));
    return row?.n ?? 0;
  }

  async circleCountOf(userId: string): Promise<number> {
    const { circleMembers } = this.tables;
    const [row] = await this.db.select({ n: count() }).from(circleMembers).where(eq(circleMembers.userId, userId));
    return row?.n ?? 0;
  }

  /** Whether list `listId` is shared with a circle `userId` belongs to. */
  async sharesListWith(listId: string, userId: string): Promise<boolean> {
    const { circleLists, circleMembers } = this.tables;
    const [row] = await this.db
      .select({ circleId: circleLists.circleId })
      .from(circleLists)
      .innerJoin(circleMembers, eq(circleMembers.circleId, circleLists.circleId))
      .where(and(eq(circleLists.wishlistId, listId), eq(circleMembers.userId, userId)))
      .limit(1);
    return row !== undefined;
  }

  /** The circles `userId` belongs to, with their member counts, by name. */
  async circlesOf(userId: string) {
    const { circles, circleMembers } = this.tables;
    const mine = this.db.select({ circleId: circleMembers.circleId }).from(circleMembers).where(eq(circleMembers.userId, userId));
    return this.db
      .select({ id: circles.id, name: circles.name, creatorId: circles.creatorId, memberCount: count(circleMembers.userId) })
      .from(circles)
      .innerJoin(circleMembers, eq(circleMembers.circleId, circles.id))
      .where(inArray(circles.id, mine))
      .groupBy(circles.id, circles.name, circles.creatorId)
      .orderBy(asc(circles.name));
  }

  /** The members of a circle with their names and addresses, the earliest joined first. */
  async members(circleId: string) {
    const { circleMembers, users } = this.tables;
    return this.db
      .select({ userId: users.id, name: users.name, email: users.email, joinedAt: circleMembers.createdAt })
      .from(circleMembers)
      .innerJoin(users, eq(users.id, circleMembers.userId))
      .where(eq(circleMembers.circleId, circleId))
      .orderBy(asc(circleMembers.createdAt), asc(users.id));
  }

  /** The live lists shared with a circle, each with the member who shares it. */
  async sharedLists(circleId: string) {
    const { circleLists, wishlists } = this.tables;
    return this.db
      .select({ userId: circleLists.userId, list: wishlists })
      .from(circleLists)
      .innerJoin(wishlists, eq(wishlists.id, circleLists.wishlistId))
      .where(and(eq(circleLists.circleId, circleId), eq(wishlists.isDeleted, false)))
      .orderBy(asc(wishlists.createdAt), asc(wishlists.id));
  }

  async itemsOf(listIds: string[]) {
    if (listIds.length === 0) return [];
    const { items } = this.tables;
    return this.db.select().from(items).where(inArray(items.wishlistId, listIds)).orderBy(asc(items.position), asc(items.createdAt), asc(items.id));
  }

  /** Account holders' reservations on these lists: who (an account) reserved how many of which item. */
  async accountClaimsOn(listIds: string[]) {
    if (listIds.length === 0) return [];
    const { claims } = this.tables;
    return this.db
      .select({ itemId: claims.itemId, userId: claims.userId, quantity: sql<number>`sum(${claims.quantity})`.mapWith(Number) })
      .from(claims)
      .where(and(inArray(claims.wishlistId, listIds), isNotNull(claims.userId), eq(claims.kind, 'purchase')))
      .groupBy(claims.itemId, claims.userId);
  }

  async suggestionsOf(listIds: string[]): Promise<SuggestionRow[]> {
    if (listIds.length === 0) return [];
    const { suggestions } = this.tables;
    return this.db.select().from(suggestions).where(inArray(suggestions.wishlistId, listIds)).orderBy(asc(suggestions.createdAt), asc(suggestions.id));
  }

  async suggestionCount(listId: string): Promise<number> {
    const { suggestions } = this.tables;
    const [row] = await this.db.select({ n: count() }).from(suggestions).where(eq(suggestions.wishlistId, listId));
    return row?.n ?? 0;
  }

  /** Names of these accounts, by id. */
  async namesOf(userIds: string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const { users } = this.tables;
    const rows = await this.db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds));
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
