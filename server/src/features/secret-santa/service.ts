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
import type { Db } from '../../db/store';
import { conflict, invalid, unprocessable } from '../../domain/errors';
import { newId, newSecret } from '../../ids';
import { RateLimiter } from '../../limits/rate-limit';
import type { MailRequest } from '../../mail/mailer';
import type { OrganisedDrawAccess } from './access';
import { drawAssignment, EXACT_MAX, EXCLUSIONS_MAX, type DrawConflict, type DrawCrowded, type MayGive } from './assignment';
import { avoidRefusal, EarlierDraws, type AvoidedPairs } from './earlier-draw';
import type { SantaMail } from './mail';
import type { DrawRow, ParticipantRow, SantaQueries } from './queries';
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
    private readonly queries: SantaQueries,
    private readonly mail: SantaMail,
    private readonly clock: Clock,
    limits: SantaLimits,
    private readonly circles: CircleParticipants,
  ) {
    this.drawsPerUser = new RateLimiter({ limit: limits.drawsPerDay, windowMs: DAY, text: 'tooManyDraws' }, clock);
    this.runsPerUser = new RateLimiter({ limit: limits.runsPerDay, windowMs: DAY, text: 'tooManyDraws', scope: 'draw runs per organiser' }, clock);
    this.earlier = new EarlierDraws(queries);
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
    const id = await this.queries.store.transaction((tx) => this.insertDraw(tx, user.id, circleId, settings, participants, exclusions));
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
    await this.queries.store.transaction(async (tx) => {
      const pairs = recipients.map((recipient, giver): [string, string] => [participants[giver]!.id, participants[recipient]!.id]);
      await this.queries.recordDraw(tx, draw.id, pairs, dateOf(this.clock));
      for (const mail of mails) await queue(mail, tx);
    });
    return this.view(draw.id, user);
  }

  /** A new draw with the same people, rules and settings, not yet drawn; the old one and its links are gone. */
  async startOver(access: OrganisedDrawAccess): Promise<OrganisedDraw> {
    const { draw, user } = access;
    const { participants, exclusions } = await this.membersOf(draw.id);
    await this.drawsPerUser.hit(user.id);
    const id = await this.queries.store.transaction(async (tx) => {
      await this.queries.deleteDraw(draw.id, tx);
      return this.insertDraw(tx, user.id, draw.circleId, draw, participants, emailPairs(participants, exclusions));
    });
    return this.view(id, user);
  }

  async remove(access: OrganisedDrawAccess): Promise<void> {
    await this.queries.deleteDraw(access.draw.id);
  }

  /**
   * The organiser's view: who takes part, who opened their result, never a pair. The addresses of
   * people taken from a circle are not shown (the draw mails them; the organiser needs their names).
   */
  async view(drawId: string, organiser: SessionUser): Promise<OrganisedDraw> {
    const draw = await this.queries.draw(drawId);
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

  /** The draws the account organises, and those it takes part in (by its account, or its address where a draw recorded none). */
  async mine(user: SessionUser): Promise<MyDraws> {
    const [organised, takingPart] = await Promise.all([this.queries.organisedBy(user.id), this.queries.takingPart(user)]);
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
    const rows = await this.queries.ofCircle(circleId);
    const ids = rows.map((draw) => draw.id);
    const [people, withMe] = await Promise.all([this.queries.openings(ids), this.queries.drawsWith(user, ids)]);
    return rows.map((draw) => {
      const its = people.filter((person) => person.drawId === draw.id);
      const mine = draw.organiserId === user.id;
      const takingPart = withMe.has(draw.id);
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
    const rows = await this.queries.forAdmin();
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), drawnAt: row.drawnAt?.toISOString() ?? null }));
  }

  /** How many draws were made and drawn (the admin console's counts). */
  counts(): Promise<{ draws: number; drawn: number }> {
    return this.queries.counts();
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
    const accounts = await this.queries.accountsWithEmails(unique.map((participant) => participant.email));
    return unique.map((participant) => ({ ...participant, userId: participant.userId ?? accounts.find((account) => normalizeEmail(account.email) === participant.email)?.id ?? null }));
  }

  private async membersOf(drawId: string): Promise<{ participants: ParticipantRow[]; exclusions: [string, string][] }> {
    const [participants, exclusions] = await Promise.all([this.queries.participants(drawId), this.queries.exclusions(drawId)]);
    return { participants, exclusions };
  }

  private async insertDraw(
    tx: Db,
    organiserId: string,
    circleId: string | null,
    settings: DrawSettings,
    participants: DrawPerson[],
    exclusions: [string, string][],
  ): Promise<string> {
    const id = newId();
    const rows = participants.map(({ name, email, fromCircle, userId }, position) => ({ id: newId(), drawId: id, position, name, email, fromCircle, userId: userId ?? null, resultToken: newSecret() }));
    const idOf = (email: string) => rows.find((row) => row.email === email)!.id;
    const { name, budgetMinor, currency, giftDate, avoidDrawId } = settings;
    const draw = { id, organiserId, circleId, avoidDrawId, name, budgetMinor, currency, giftDate, drawnAt: null, createdAt: dateOf(this.clock) };
    const pairs = exclusions.map(([first, second]) => ({ firstId: idOf(first), secondId: idOf(second) }));
    const unique = pairs.filter((pair, index) => pairs.findIndex((other) => other.firstId === pair.firstId && other.secondId === pair.secondId) === index);
    await this.queries.insertDraw(tx, draw, rows, unique);
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
