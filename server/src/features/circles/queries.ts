import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { hashSecret } from '../../ids';
import type { DataStore, Db, Row, Tables } from '../../db/store';
import { StoreQueries } from '../../db/store-queries';
import type { WishlistQueries } from '../wishlists/queries';

export type CircleRow = Row<'circles'>;
export type SuggestionRow = Row<'suggestions'>;
type NewInvitation = Tables['circleInvitations']['$inferInsert'];

/** Every read and write of circles and suggestions; the rules are the circles and suggestions services'. */
export class CircleQueries extends StoreQueries {
  constructor(
    store: DataStore,
    /** The wish list feature's reads (lists, their time). */
    readonly lists: WishlistQueries,
  ) {
    super(store);
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

  async insertCircle(row: CircleRow, db: Db = this.db): Promise<void> {
    await db.insert(this.tables.circles).values(row);
  }

  async rename(circleId: string, name: string, at: Date): Promise<void> {
    const { circles } = this.tables;
    await this.db.update(circles).set({ name, updatedAt: at }).where(eq(circles.id, circleId));
  }

  async setCreator(circleId: string, userId: string, at: Date): Promise<void> {
    const { circles } = this.tables;
    await this.db.update(circles).set({ creatorId: userId, updatedAt: at }).where(eq(circles.id, circleId));
  }

  /** A new invite link (its token's hash); the invitations mailed for the old one go. */
  async renewJoinToken(circleId: string, tokenHash: string, at: Date, db: Db): Promise<void> {
    const { circles, circleInvitations } = this.tables;
    await db.update(circles).set({ joinTokenHash: tokenHash, updatedAt: at }).where(eq(circles.id, circleId));
    await db.delete(circleInvitations).where(eq(circleInvitations.circleId, circleId));
  }

  /** Removes a circle with its members, their shared lists and its invitations. */
  async deleteCircle(circleId: string): Promise<void> {
    const { circles } = this.tables;
    await this.db.delete(circles).where(eq(circles.id, circleId));
  }

  /** Adds a member (one already in is left as they are). */
  async addMember(circleId: string, userId: string, at: Date, db: Db = this.db): Promise<void> {
    await db.insert(this.tables.circleMembers).values({ circleId, userId, createdAt: at }).onConflictDoNothing();
  }

  /** Takes a member and the lists they share out of a circle. */
  async removeMember(circleId: string, userId: string, db: Db): Promise<void> {
    const { circleMembers } = this.tables;
    await this.unshareLists(circleId, userId, db);
    await db.delete(circleMembers).where(and(eq(circleMembers.circleId, circleId), eq(circleMembers.userId, userId)));
  }

  async insertInvitation(row: NewInvitation, db: Db): Promise<void> {
    await db.insert(this.tables.circleInvitations).values(row);
  }

  async deleteInvitation(tokenHash: string, db: Db): Promise<void> {
    const { circleInvitations } = this.tables;
    await db.delete(circleInvitations).where(eq(circleInvitations.tokenHash, tokenHash));
  }

  /** Which of these lists are `userId`'s own and not deleted. */
  async ownLiveLists(userId: string, listIds: string[]): Promise<string[]> {
    if (listIds.length === 0) return [];
    const { wishlists } = this.tables;
    const rows = await this.db.select({ id: wishlists.id }).from(wishlists).where(and(inArray(wishlists.id, listIds), eq(wishlists.ownerId, userId), eq(wishlists.isDeleted, false)));
    return rows.map((row) => row.id);
  }

  /** The lists `userId` shares with the circle become `listIds`. */
  async replaceSharedLists(circleId: string, userId: string, listIds: string[], at: Date, db: Db): Promise<void> {
    await this.unshareLists(circleId, userId, db);
    if (listIds.length > 0) await db.insert(this.tables.circleLists).values(listIds.map((wishlistId) => ({ circleId, wishlistId, userId, createdAt: at })));
  }

  private async unshareLists(circleId: string, userId: string, db: Db): Promise<void> {
    const { circleLists } = this.tables;
    await db.delete(circleLists).where(and(eq(circleLists.circleId, circleId), eq(circleLists.userId, userId)));
  }

  async suggestion(listId: string, suggestionId: string): Promise<SuggestionRow | undefined> {
    const { suggestions } = this.tables;
    const [row] = await this.db.select().from(suggestions).where(and(eq(suggestions.id, suggestionId), eq(suggestions.wishlistId, listId)));
    return row;
  }

  async insertSuggestion(row: SuggestionRow): Promise<void> {
    await this.db.insert(this.tables.suggestions).values(row);
  }

  /** Whether `authorId` had that suggestion on the list to delete. */
  async deleteSuggestion(listId: string, suggestionId: string, authorId: string): Promise<boolean> {
    const { suggestions } = this.tables;
    const removed = await this.db
      .delete(suggestions)
      .where(and(eq(suggestions.id, suggestionId), eq(suggestions.wishlistId, listId), eq(suggestions.suggestedById, authorId)))
      .returning({ id: suggestions.id });
    return removed.length > 0;
  }

  /** Whether `userId` got the reservation (false: someone else holds it). */
  async reserveSuggestion(suggestionId: string, userId: string, at: Date): Promise<boolean> {
    const { suggestions } = this.tables;
    const taken = await this.db
      .update(suggestions)
      .set({ reservedById: userId, reservedAt: at, updatedAt: at })
      .where(and(eq(suggestions.id, suggestionId), isNull(suggestions.reservedById)))
      .returning({ id: suggestions.id });
    return taken.length > 0;
  }

  async releaseSuggestion(suggestionId: string, at: Date): Promise<void> {
    const { suggestions } = this.tables;
    await this.db.update(suggestions).set({ reservedById: null, reservedAt: null, updatedAt: at }).where(eq(suggestions.id, suggestionId));
  }

  /** The owner's "show me suggestions" switch on a list. */
  async showSuggestions(listId: string, show: boolean): Promise<void> {
    const { wishlists } = this.tables;
    await this.db.update(wishlists).set({ showSuggestions: show }).where(eq(wishlists.id, listId));
  }
}
