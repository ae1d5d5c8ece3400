import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, notExists, or } from 'drizzle-orm';
import { normalizeEmail } from '@wishwell/shared/account-types';
import type { SessionUser } from '../../auth/session-user';
import type { DataStore, Db, Row, Tables } from '../../db/store';
import { StoreQueries } from '../../db/store-queries';
import type { WishlistQueries } from '../wishlists/queries';

export type DrawRow = Row<'draws'>;
export type ParticipantRow = Row<'drawParticipants'>;
type NewParticipant = Tables['drawParticipants']['$inferInsert'];
type NewQuestion = Tables['drawQuestions']['$inferInsert'];
/** Whose participant a row is: an account, by its id, or by its address where the row names no account. */
type Account = Pick<SessionUser, 'id' | 'email'>;

/** Every read and write of draws, their participants, exclusions and questions; the rules are the services'. */
export class SantaQueries extends StoreQueries {
  constructor(
    store: DataStore,
    /** The wish list feature's reads (a participant's attached list, the organiser's name). */
    readonly lists: WishlistQueries,
  ) {
    super(store);
  }

  async draw(id: string): Promise<DrawRow | undefined> {
    const { draws } = this.tables;
    const [draw] = await this.db.select().from(draws).where(eq(draws.id, id));
    return draw;
  }

  /** A draw's participants in their order (the draw's indexes are positions in it). */
  participants(drawId: string): Promise<ParticipantRow[]> {
    const { drawParticipants } = this.tables;
    return this.db.select().from(drawParticipants).where(eq(drawParticipants.drawId, drawId)).orderBy(drawParticipants.position);
  }

  /** A draw's exclusions as pairs of participant ids. */
  async exclusions(drawId: string): Promise<[string, string][]> {
    const { drawExclusions } = this.tables;
    const rows = await this.db.select().from(drawExclusions).where(eq(drawExclusions.drawId, drawId));
    return rows.map((row) => [row.firstId, row.secondId]);
  }

  async participant(id: string): Promise<ParticipantRow | undefined> {
    const { drawParticipants } = this.tables;
    const [row] = await this.db.select().from(drawParticipants).where(eq(drawParticipants.id, id));
    return row;
  }

  async participantByToken(token: string): Promise<ParticipantRow | undefined> {
    const { drawParticipants } = this.tables;
    const [row] = await this.db.select().from(drawParticipants).where(eq(drawParticipants.resultToken, token));
    return row;
  }

  /** The account's participant in the draw, if it takes part (see isAccounts). */
  async participantOf(drawId: string, account: Account): Promise<ParticipantRow | undefined> {
    const { drawParticipants } = this.tables;
    const [row] = await this.db.select().from(drawParticipants).where(and(eq(drawParticipants.drawId, drawId), this.isAccounts(account)));
    return row;
  }

  /**
   * Records `account` as the participant's, unless the participant has an account already or
   * `account` is another participant of the same draw (one account, one participant per draw).
   */
  async recordAccount(me: ParticipantRow, account: Account): Promise<void> {
    const { drawParticipants } = this.tables;
    const other = this.db
      .select({ id: drawParticipants.id })
      .from(drawParticipants)
      .where(and(eq(drawParticipants.drawId, me.drawId), ne(drawParticipants.id, me.id), this.isAccounts(account)));
    await this.db
      .update(drawParticipants)
      .set({ userId: account.id })
      .where(and(eq(drawParticipants.id, me.id), isNull(drawParticipants.userId), notExists(other)));
  }

  /** The draws `organiserId` organises, newest first, with their sizes. */
  organisedBy(organiserId: string) {
    const { draws, drawParticipants } = this.tables;
    return this.db
      .select({ id: draws.id, name: draws.name, circleId: draws.circleId, drawnAt: draws.drawnAt, createdAt: draws.createdAt, participants: count(drawParticipants.id) })
      .from(draws)
      .leftJoin(drawParticipants, eq(drawParticipants.drawId, draws.id))
      .where(eq(draws.organiserId, organiserId))
      .groupBy(draws.id)
      .orderBy(desc(draws.createdAt));
  }

  /** The draws the account takes part in, newest first, with their organisers' names. */
  takingPart(account: Account) {
    const { draws, drawParticipants, users } = this.tables;
    return this.db
      .select({ id: draws.id, name: draws.name, drawnAt: draws.drawnAt, organiser: users.name })
      .from(drawParticipants)
      .innerJoin(draws, eq(draws.id, drawParticipants.drawId))
      .innerJoin(users, eq(users.id, draws.organiserId))
      .where(this.isAccounts(account))
      .orderBy(desc(draws.createdAt));
  }

  /** The draws made within a circle, newest first. */
  ofCircle(circleId: string): Promise<DrawRow[]> {
    const { draws } = this.tables;
    return this.db.select().from(draws).where(eq(draws.circleId, circleId)).orderBy(desc(draws.createdAt));
  }

  /** Who of these draws opened their result, one row per participant (no names, no addresses). */
  async openings(drawIds: string[]) {
    if (drawIds.length === 0) return [];
    const { drawParticipants } = this.tables;
    return this.db.select({ drawId: drawParticipants.drawId, openedAt: drawParticipants.openedAt }).from(drawParticipants).where(inArray(drawParticipants.drawId, drawIds));
  }

  /** Which of these draws the account takes part in. */
  async drawsWith(account: Account, drawIds: string[]): Promise<Set<string>> {
    if (drawIds.length === 0) return new Set();
    const { drawParticipants } = this.tables;
    const rows = await this.db.select({ drawId: drawParticipants.drawId }).from(drawParticipants).where(and(inArray(drawParticipants.drawId, drawIds), this.isAccounts(account)));
    return new Set(rows.map((row) => row.drawId));
  }

  /** For the admin console: the newest 500 draws with their organisers' addresses and sizes. */
  async forAdmin() {
    const { draws, drawParticipants, users } = this.tables;
    return this.db
      .select({ id: draws.id, organiser: users.email, createdAt: draws.createdAt, drawnAt: draws.drawnAt, participants: count(drawParticipants.id) })
      .from(draws)
      .innerJoin(users, eq(users.id, draws.organiserId))
      .leftJoin(drawParticipants, eq(drawParticipants.drawId, draws.id))
      .groupBy(draws.id, users.email)
      .orderBy(desc(draws.createdAt))
      .limit(500);
  }

  async counts(): Promise<{ draws: number; drawn: number }> {
    const { draws } = this.tables;
    const [all] = await this.db.select({ value: count() }).from(draws);
    const [drawn] = await this.db.select({ value: count() }).from(draws).where(isNotNull(draws.drawnAt));
    return { draws: all?.value ?? 0, drawn: drawn?.value ?? 0 };
  }

  /** The accounts holding these (normalised) addresses. */
  accountsWithEmails(emails: string[]): Promise<{ id: string; email: string }[]> {
    const { users } = this.tables;
    return this.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  }

  async insertDraw(tx: Db, draw: DrawRow, participants: NewParticipant[], exclusions: { firstId: string; secondId: string }[]): Promise<void> {
    const { draws, drawParticipants, drawExclusions } = this.tables;
    await tx.insert(draws).values(draw);
    await tx.insert(drawParticipants).values(participants);
    if (exclusions.length > 0) await tx.insert(drawExclusions).values(exclusions.map((pair) => ({ drawId: draw.id, ...pair })));
  }

  /** Saves whom each giver (participant id) gives to, and when the draw was made. */
  async recordDraw(tx: Db, drawId: string, recipients: [giverId: string, recipientId: string][], drawnAt: Date): Promise<void> {
    const { draws, drawParticipants } = this.tables;
    for (const [giverId, recipientId] of recipients) await tx.update(drawParticipants).set({ recipientId }).where(eq(drawParticipants.id, giverId));
    await tx.update(draws).set({ drawnAt }).where(eq(draws.id, drawId));
  }

  /** Removes a draw with its participants, exclusions and questions. */
  async deleteDraw(id: string, db: Db = this.db): Promise<void> {
    const { draws } = this.tables;
    await db.delete(draws).where(eq(draws.id, id));
  }

  /** The participant's first look at their result, once. */
  async markOpened(participantId: string, at: Date): Promise<void> {
    const { drawParticipants } = this.tables;
    await this.db.update(drawParticipants).set({ openedAt: at }).where(and(eq(drawParticipants.id, participantId), isNull(drawParticipants.openedAt)));
  }

  async attachList(participantId: string, wishlistId: string | null): Promise<void> {
    const { drawParticipants } = this.tables;
    await this.db.update(drawParticipants).set({ wishlistId }).where(eq(drawParticipants.id, participantId));
  }

  /** The questions a participant asked (`askerId`) or was asked (`gifteeId`), oldest first. */
  questions(side: 'askerId' | 'gifteeId', participantId: string): Promise<Row<'drawQuestions'>[]> {
    const { drawQuestions } = this.tables;
    return this.db.select().from(drawQuestions).where(eq(drawQuestions[side], participantId)).orderBy(asc(drawQuestions.createdAt));
  }

  /** A question asked of `gifteeId`, if it is one. */
  async questionTo(gifteeId: string, questionId: string): Promise<Row<'drawQuestions'> | undefined> {
    const { drawQuestions } = this.tables;
    const [row] = await this.db.select().from(drawQuestions).where(and(eq(drawQuestions.id, questionId), eq(drawQuestions.gifteeId, gifteeId)));
    return row;
  }

  async insertQuestion(tx: Db, question: NewQuestion): Promise<void> {
    await tx.insert(this.tables.drawQuestions).values(question);
  }

  async answerQuestion(tx: Db, questionId: string, answer: string, at: Date): Promise<void> {
    const { drawQuestions } = this.tables;
    await tx.update(drawQuestions).set({ answer, answeredAt: at }).where(eq(drawQuestions.id, questionId));
  }

  /**
   * The participants that are `account`'s: by the account where the participant names one (its
   * address may have changed since), else by address (stored normalised, so in any case).
   */
  private isAccounts(account: Account) {
    const { drawParticipants } = this.tables;
    return or(eq(drawParticipants.userId, account.id), and(isNull(drawParticipants.userId), eq(drawParticipants.email, normalizeEmail(account.email))));
  }
}
