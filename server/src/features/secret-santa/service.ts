import { count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { looksLikeEmail, normalizeEmail } from '@wishwell/shared/account-types';
import {
  DRAW_BUDGET_MAX_MINOR,
  DRAW_PARTICIPANTS_MAX,
  DRAW_PARTICIPANTS_MIN,
  type AdminDraw,
  type CircleDraw,
  type DrawParticipantInput,
  type MyDraws,
  type NewDraw,
  type OrganisedDraw,
} from '@wishwell/shared/secret-santa-types';
import type { SessionUser } from '../../auth/session-user';
import { dateOf, type Clock } from '../../clock';
import type { Db, DataStore } from '../../db/store';
import { conflict, invalid, unprocessable } from '../../domain/errors';
import { newId, newSecret } from '../../ids';
import { RateLimiter } from '../../limits/rate-limit';
import type { MailRequest } from '../../mail/mailer';
import type { DrawRow, OrganisedDrawAccess, ParticipantRow } from './access';
import { drawAssignment, EXACT_MAX, EXCLUSIONS_MAX, type DrawConflict, type DrawCrowded, type MayGive } from './assignment';
import { avoidRefusal, EarlierDraws, type AvoidedPairs } from './earlier-draw';
import type { SantaMail } from './mail';
import type { CircleParticipant } from '@wishwell/shared/circle-types';

const DAY = 24 * 60 * 60_000;

/** SANTA_* settings: draws made and drawn per organiser per day, questions per participant per day. */
export interface SantaLimits {
  drawsPerDay: number;
  runsPerDay: number;
  questionsPerDay: number;
}

/**
 * What a draw made within a circle asks of the circles feature: the members of `circleId` as
 * `organiser` may see them, or a refusal (not found, not a member).
 */
export interface CircleParticipants {
  membersOf(circleId: string, organiser: SessionUser): Promise<CircleParticipant[]>;
}

/**
 * Secret Santa draws for their organiser: make one, draw (or redraw while nobody has looked),
 * start over, see who opened their result. The organiser never learns a pair: nothing here
 * answers `recipientId`; the participant's side (results, questions) is ParticipantService.
 */
export class DrawService {
  private readonly drawsPerUser: RateLimiter;
  private readonly runsPerUser: RateLimiter;
  private readonly earlier: EarlierDraws;

  constructor(
    private readonly store: DataStore,
    private readonly mail: SantaMail,
    private readonly clock: Clock,
    limits: SantaLimits,
    private readonly circles: CircleParticipants,
  ) {
    this.drawsPerUser = new RateLimiter({ limit: limits.drawsPerDay, windowMs: DAY, text: 'tooManyDraws' }, clock);
    this.runsPerUser = new RateLimiter({ limit: limits.runsPerDay, windowMs: DAY, text: 'tooManyDraws', scope: 'draw runs per organiser' }, clock);
    this.earlier = new EarlierDraws(store);
  }

  async create(user: SessionUser, input: NewDraw): Promise<OrganisedDraw> {
    const participants = await this.participantsOf(user, input);
    const exclusions = exclusionPairs(participants, input.exclusions ?? []);
    const circleId = input.circleId ?? null;
    const avoiding = input.avoidDrawId ? await this.earlier.chosen(user, input.avoidDrawId, circleId) : null;
    const settings = { ...drawSettings(input), avoidDrawId: avoiding?.id ?? null };
    assignOrRefuse(participants, exclusions);
    // Counted before the earlier draw's pairs are tried: each refusal they cause tells a little about them, so trying costs a draw.
    await this.drawsPerUser.hit(user.id);
    if (avoiding) assignOrRefuse(participants, exclusions, await this.earlier.pairs(avoiding, participants));
    const id = await this.store.transaction((tx) => this.insertDraw(tx, user.id, circleId, settings, participants, exclusions));
    return this.view(id, user);
  }

  /** Draws the names (or draws them again while no one has opened a result) and mails every participant their link. */
  async run(access: OrganisedDrawAccess, request: MailRequest): Promise<OrganisedDraw> {
    const { draw, user } = access;
    const { participants, exclusions } = await this.membersOf(draw.id);
    if (participants.some((participant) => participant.openedAt)) throw conflict('drawAlreadyOpened');
    const avoiding = await this.earlier.avoidedBy(draw);
    const recipients = assignOrRefuse(participants, emailPairs(participants, exclusions), avoiding ? await this.earlier.pairs(avoiding, participants) : undefined);
    await this.runsPerUser.hit(user.id);
    const about = { draw, organiser: user.name, again: draw.drawnAt !== null };
    const mails = await Promise.all(participants.map((participant) => this.mail.drawn(participant, about, request)));
    const queue = await this.mail.queueIn();
    // The pairs and everyone's mail: both or neither.
    await this.store.transaction(async (tx) => {
      const { draws, drawParticipants } = this.store.tables;
      for (const [giver, recipient] of recipients.entries()) {
        await tx.update(drawParticipants).set({ recipientId: participants[recipient]!.id }).where(eq(drawParticipants.id, participants[giver]!.id));
      }
      await tx.update(draws).set({ drawnAt: dateOf(this.clock) }).where(eq(draws.id, draw.id));
      for (const mail of mails) await queue(mail, tx);
    });
    return this.view(draw.id, user);
  }

  /** A new draw with the same people, rules and settings, not yet drawn; the old one and its links are gone. */
  async startOver(access: OrganisedDrawAccess): Promise<OrganisedDraw> {
    const { draw, user } = access;
    const { participants, exclusions } = await this.membersOf(draw.id);
    await this.drawsPerUser.hit(user.id);
    const id = await this.store.transaction(async (tx) => {
      await tx.delete(this.store.tables.draws).where(eq(this.store.tables.draws.id, draw.id));
      return this.insertDraw(tx, user.id, draw.circleId, draw, participants, emailPairs(participants, exclusions));
    });
    return this.view(id, user);
  }

  async remove(access: OrganisedDrawAccess): Promise<void> {
    await this.store.db.delete(this.store.tables.draws).where(eq(this.store.tables.draws.id, access.draw.id));
  }

  /**
   * The organiser's view: who takes part, who opened their result, never a pair. The addresses of
   * people taken from a circle are not shown (the draw mails them; the organiser needs their names).
   */
  async view(drawId: string, organiser: SessionUser): Promise<OrganisedDraw> {
    const { draws } = this.store.tables;
    const [draw] = await this.store.db.select().from(draws).where(eq(draws.id, drawId));
    const { participants, exclusions } = await this.membersOf(drawId);
    const avoiding = await this.earlier.avoidedBy(draw!);
    return {
      id: draw!.id,
      name: draw!.name,
      circleId: draw!.circleId,
      avoidDraw: avoiding && { id: avoiding.id, name: avoiding.name },
      budget: draw!.budgetMinor,
      currency: draw!.currency,
      date: draw!.giftDate,
      drawnAt: draw!.drawnAt?.toISOString() ?? null,
      createdAt: draw!.createdAt.toISOString(),
      participants: participants.map((participant) => ({
        id: participant.id,
        name: participant.name,
        email: participant.fromCircle && participant.email !== normalizeEmail(organiser.email) ? null : participant.email,
        opened: participant.openedAt !== null,
      })),
      exclusions,
      canRedraw: !participants.some((participant) => participant.openedAt),
    };
  }

  /** The draws the account organises, and those it takes part in by its e-mail address. */
  async mine(user: SessionUser): Promise<MyDraws> {
    const { draws, drawParticipants, users } = this.store.tables;
    const organised = await this.store.db
      .select({ id: draws.id, name: draws.name, circleId: draws.circleId, drawnAt: draws.drawnAt, createdAt: draws.createdAt, participants: count(drawParticipants.id) })
      .from(draws)
      .leftJoin(drawParticipants, eq(drawParticipants.drawId, draws.id))
      .where(eq(draws.organiserId, user.id))
      .groupBy(draws.id)
      .orderBy(desc(draws.createdAt));
    const takingPart = await this.store.db
      .select({ id: draws.id, name: draws.name, drawnAt: draws.drawnAt, organiser: users.name })
      .from(drawParticipants)
      .innerJoin(draws, eq(draws.id, drawParticipants.drawId))
      .innerJoin(users, eq(users.id, draws.organiserId))
      .where(eq(drawParticipants.email, normalizeEmail(user.email)))
      .orderBy(desc(draws.createdAt));
    return {
      organised: organised.map((draw) => ({ ...draw, drawnAt: draw.drawnAt?.toISOString() ?? null, createdAt: draw.createdAt.toISOString() })),
      takingPart: takingPart.map((draw) => ({ ...draw, drawnAt: draw.drawnAt?.toISOString() ?? null })),
    };
  }

  /**
   * The draws made within a circle, for any of its members (`user`, in it since `joinedAt`): name,
   * day, size, and whether drawn; how many opened their result only for the draws the caller
   * organises; whether the caller joined after a draw was made (so is not in it). Never a pair.
   */
  async ofCircle(circleId: string, user: SessionUser, joinedAt: Date): Promise<CircleDraw[]> {
    const { draws, drawParticipants } = this.store.tables;
    const rows = await this.store.db.select().from(draws).where(eq(draws.circleId, circleId)).orderBy(desc(draws.createdAt));
    const people = rows.length === 0 ? [] : await this.store.db.select({ drawId: drawParticipants.drawId, email: drawParticipants.email, openedAt: drawParticipants.openedAt }).from(drawParticipants).where(inArray(drawParticipants.drawId, rows.map((draw) => draw.id)));
    const me = normalizeEmail(user.email);
    return rows.map((draw) => {
      const its = people.filter((person) => person.drawId === draw.id);
      const mine = draw.organiserId === user.id;
      const takingPart = its.some((person) => person.email === me);
      return {
        id: draw.id,
        name: draw.name,
        date: draw.giftDate,
        drawnAt: draw.drawnAt?.toISOString() ?? null,
        participants: its.length,
        opened: mine ? its.filter((person) => person.openedAt).length : null,
        mine,
        takingPart,
        joinedAfter: !mine && !takingPart && joinedAt > draw.createdAt,
      };
    });
  }

  /** For the admin console: that draws happened (organiser, size, dates), not their pairs. */
  async forAdmin(): Promise<AdminDraw[]> {
    const { draws, drawParticipants, users } = this.store.tables;
    const rows = await this.store.db
      .select({ id: draws.id, organiser: users.email, createdAt: draws.createdAt, drawnAt: draws.drawnAt, participants: count(drawParticipants.id) })
      .from(draws)
      .innerJoin(users, eq(users.id, draws.organiserId))
      .leftJoin(drawParticipants, eq(drawParticipants.drawId, draws.id))
      .groupBy(draws.id, users.email)
      .orderBy(desc(draws.createdAt))
      .limit(500);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), drawnAt: row.drawnAt?.toISOString() ?? null }));
  }

  /** How many draws were made and drawn (the admin console's counts). */
  async counts(): Promise<{ draws: number; drawn: number }> {
    const { draws } = this.store.tables;
    const [all] = await this.store.db.select({ value: count() }).from(draws);
    const [drawn] = await this.store.db.select({ value: count() }).from(draws).where(isNotNull(draws.drawnAt));
    return { draws: all?.value ?? 0, drawn: drawn?.value ?? 0 };
  }

  private async participantsOf(user: SessionUser, input: NewDraw): Promise<DrawPerson[]> {
    const given: DrawPerson[] = input.participants.map((participant) => ({ name: participant.name.trim(), email: normalizeEmail(participant.email), fromCircle: false }));
    const members = input.circleId ? await this.circles.membersOf(input.circleId, user) : [];
    const all = [...members.map(({ name, email, userId }) => ({ name, email: normalizeEmail(email), fromCircle: true, userId })), ...given];
    const unique = all.filter((participant, index) => all.findIndex((other) => other.email === participant.email) === index);
    for (const participant of given) {
      if (!participant.name) throw invalid('drawNameMissing');
      if (!looksLikeEmail(participant.email)) throw invalid('invalidEmailAddress', { address: participant.email });
      if (given.filter((other) => other.email === participant.email).length > 1) throw invalid('drawDuplicateEmail', { email: participant.email });
    }
    if (unique.length < DRAW_PARTICIPANTS_MIN) throw invalid('drawTooFew', { min: DRAW_PARTICIPANTS_MIN });
    if (unique.length > DRAW_PARTICIPANTS_MAX) throw invalid('drawTooMany', { max: DRAW_PARTICIPANTS_MAX });
    const { users } = this.store.tables;
    const accounts = await this.store.db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, unique.map((participant) => participant.email)));
    return unique.map((participant) => ({ ...participant, userId: participant.userId ?? accounts.find((account) => normalizeEmail(account.email) === participant.email)?.id ?? null }));
  }


  private async membersOf(drawId: string): Promise<{ participants: ParticipantRow[]; exclusions: [string, string][] }> {
    const { drawParticipants, drawExclusions } = this.store.tables;
    const participants = await this.store.db.select().from(drawParticipants).where(eq(drawParticipants.drawId, drawId)).orderBy(drawParticipants.position);
    const rows = await this.store.db.select().from(drawExclusions).where(eq(drawExclusions.drawId, drawId));
    return { participants, exclusions: rows.map((row) => [row.firstId, row.secondId]) };
  }

  private async insertDraw(
    tx: Db,
    organiserId: string,
    circleId: string | null,
    settings: DrawSettings,
    participants: DrawPerson[],
    exclusions: [string, string][],
  ): Promise<string> {
    const { draws, drawParticipants, drawExclusions } = this.store.tables;
    const id = newId();
    const rows = participants.map(({ name, email, fromCircle, userId }, position) => ({ id: newId(), drawId: id, position, name, email, fromCircle, userId: userId ?? null, resultToken: newSecret() }));
    const idOf = (email: string) => rows.find((row) => row.email === email)!.id;
    const { name, budgetMinor, currency, giftDate, avoidDrawId } = settings;
    await tx.insert(draws).values({ id, organiserId, circleId, avoidDrawId, name, budgetMinor, currency, giftDate, createdAt: dateOf(this.clock) });
    await tx.insert(drawParticipants).values(rows);
    if (exclusions.length > 0) {
      const pairs = exclusions.map(([first, second]) => ({ drawId: id, firstId: idOf(first), secondId: idOf(second) }));
      await tx.insert(drawExclusions).values(pairs.filter((pair, index) => pairs.findIndex((other) => other.firstId === pair.firstId && other.secondId === pair.secondId) === index));
    }
    return id;
  }
}

/**
 * A participant as the draw is made: `fromCircle` when taken from the draw's circle (their address
 * is not shown to the organiser), by which `userId` exclusions may name them; `userId` is also kept
 * for anyone with an account, for a later draw avoiding this one's pairs.
 */
type DrawPerson = DrawParticipantInput & { fromCircle: boolean; userId?: string | null };

/** What a draw keeps when started over, besides its people and exclusions. */
type DrawSettings = Pick<DrawRow, 'name' | 'budgetMinor' | 'currency' | 'giftDate' | 'avoidDrawId'>;

/**
 * The exclusions as pairs of participants' e-mails (each pair once, in participant order). A side
 * is an e-mail address or, for a circle's member, their user id: the organiser may not know the address.
 */
function exclusionPairs(participants: DrawPerson[], exclusions: [string, string][]): [string, string][] {
  const order = participants.map((participant) => participant.email);
  const emailOf = (side: string) => participants.find((participant) => participant.fromCircle && participant.userId === side)?.email ?? normalizeEmail(side);
  return exclusions.map(([a, b]) => {
    const pair = [emailOf(a), emailOf(b)].sort((x, y) => order.indexOf(x) - order.indexOf(y)) as [string, string];
    for (const email of pair) if (!order.includes(email)) throw unknownSide(email);
    if (pair[0] === pair[1]) throw invalid('drawExclusionSelf');
    return pair;
  });
}

/** A side that names nobody taking part: an address not listed, or an id of no member of the circle. */
function unknownSide(side: string) {
  return looksLikeEmail(side) ? invalid('drawExclusionUnknown', { email: side }) : invalid('drawExclusionNotMember');
}

function drawSettings(input: NewDraw): Omit<DrawSettings, 'avoidDrawId'> {
  const budget = input.budget ?? null;
  if (budget !== null && (!Number.isInteger(budget) || budget < 0 || budget > DRAW_BUDGET_MAX_MINOR)) throw invalid('drawBudget');
  const currency = input.currency?.trim().toUpperCase() || null;
  if (currency !== null && !/^[A-Z]{3}$/.test(currency)) throw invalid('currency');
  const day = input.date || null;
  if (day !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day)))) throw invalid('drawDate');
  return { name: input.name?.trim() ?? '', budgetMinor: budget, currency, giftDate: day };
}

/** Exclusions stored by participant id, as their e-mails. */
function emailPairs(participants: ParticipantRow[], exclusions: [string, string][]): [string, string][] {
  const emailOf = (id: string) => participants.find((participant) => participant.id === id)?.email ?? '';
  return exclusions.map(([first, second]) => [emailOf(first), emailOf(second)]);
}

/**
 * Whom each participant (by index) gives to; a set of exclusions no draw can satisfy is refused,
 * naming the conflict. With `avoided`, nobody gets whom they gave to in that earlier draw either:
 * the organiser's own rules are tried first, so a refusal that names someone never comes from an
 * earlier pair (see avoidRefusal).
 */
function assignOrRefuse(participants: DrawParticipantInput[], exclusions: [string, string][], avoided?: AvoidedPairs): number[] {
  const order = participants.map((participant) => participant.email);
  const pairs = exclusions.map(([a, b]) => [order.indexOf(a), order.indexOf(b)]);
  const allowed: MayGive = (giver, recipient) => !pairs.some(([a, b]) => (a === giver && b === recipient) || (a === recipient && b === giver));
  const outcome = drawAssignment(participants.length, allowed);
  if (!outcome.ok) throw 'crowded' in outcome ? crowdedError(participants, outcome.crowded) : conflictError(participants, outcome.conflict);
  if (!avoided) return outcome.recipients;
  const avoiding = drawAssignment(participants.length, (giver, recipient) => allowed(giver, recipient) && !avoided.pairs.some(([a, b]) => a === giver && b === recipient));
  if (!avoiding.ok) throw avoidRefusal(avoided, avoiding);
  return avoiding.recipients;
}

/** "Anna can only give to Ben, and so can Carl" (or "Anna cannot give to anyone"). */
function conflictError(participants: Pick<DrawParticipantInput, 'name'>[], found: DrawConflict) {
  const names = (indexes: number[]) => indexes.map((index) => participants[index]!.name).join(', ');
  const [first, ...others] = found.givers;
  if (found.recipients.length === 0) return unprocessable('drawNobody', { giver: names([first!]) });
  return unprocessable('drawConflict', { giver: names([first!]), recipients: names(found.recipients), others: names(others) });
}

/** "Anna is kept from 5 others; in a group of more than 18, each person may be kept from at most 3." */
function crowdedError(participants: Pick<DrawParticipantInput, 'name'>[], found: DrawCrowded) {
  return unprocessable('drawCrowded', { person: participants[found.giver]!.name, count: found.exclusions, size: EXACT_MAX, max: EXCLUSIONS_MAX });
}
