import type { SessionUser } from '../../auth/session-user';
import { notFound, unprocessable } from '../../domain/errors';
import { EXACT_MAX, EXCLUSIONS_MAX, type DrawOutcome } from './assignment';
import type { DrawRow, SantaQueries } from './queries';

/** Someone in a draw, as matched between two draws. */
type Person = { email: string; userId?: string | null };

export interface AvoidedPairs {
  name: string;
  pairs: [giver: number, recipient: number][];
}

/**
 * "Avoid the pairs of an earlier draw": which earlier draw an organiser may pick, and its pairs.
 * The pairs never leave the server: they only narrow the draw.
 */
export class EarlierDraws {
  constructor(private readonly queries: SantaQueries) {}

  /**
   * The organiser's own draw, drawn, made in the same circle or outside any. Anyone else's is
   * "not found", as a draw that never existed: no answer tells one from the other.
   */
  async chosen(user: SessionUser, drawId: string, circleId: string | null): Promise<DrawRow> {
    const draw = await this.queries.draw(drawId);
    if (!draw || draw.organiserId !== user.id) throw notFound('drawNotFound');
    if (!draw.drawnAt || (draw.circleId !== null && draw.circleId !== circleId)) throw unprocessable('drawAvoidNotEligible');
    return draw;
  }

  /** The draw a draw avoids, while it still exists and is drawn (one deleted or started over is no longer avoided). */
  async avoidedBy(draw: Pick<DrawRow, 'avoidDrawId'>): Promise<DrawRow | null> {
    const earlier = draw.avoidDrawId ? await this.queries.draw(draw.avoidDrawId) : undefined;
    return earlier?.drawnAt ? earlier : null;
  }

  /**
   * The pairs of an earlier draw a new one avoids, one way (giver -> giftee), as indexes into the
   * new draw's participants: only people in both draws, matched by account where both draws have
   * one (an address may have changed), else by e-mail address (stored normalised, so
   * case-insensitive). `name` is only for the refusal.
   */
  async pairs(earlier: DrawRow, participants: Person[]): Promise<AvoidedPairs> {
    const rows = await this.queries.participants(earlier.id);
    const placeOf = (then: Person | undefined) => (then ? participants.findIndex((person) => (person.userId && then.userId ? person.userId === then.userId : person.email === then.email)) : -1);
    const pairs = rows.flatMap((row): [number, number][] => {
      const giver = placeOf(row);
      const recipient = placeOf(rows.find((other) => other.id === row.recipientId));
      return giver >= 0 && recipient >= 0 ? [[giver, recipient]] : [];
    });
    return { name: earlier.name || (earlier.drawnAt ?? earlier.createdAt).toISOString().slice(0, 10), pairs };
  }
}

/**
 * The refusal of a draw that only the earlier draw's pairs make impossible. It names no one, on
 * purpose: the organiser's own rules were checked first and leave a draw, so any giver a detailed
 * refusal could name ("Anna can only give to Ben") would be stuck only because of whom they gave
 * to in the earlier draw, and naming them would tell the organiser that pair.
 */
export function avoidRefusal(avoided: AvoidedPairs, outcome: Exclude<DrawOutcome, { ok: true }>) {
  if ('crowded' in outcome) return unprocessable('drawAvoidCrowded', { draw: avoided.name, size: EXACT_MAX, max: EXCLUSIONS_MAX });
  return unprocessable('drawAvoidImpossible', { draw: avoided.name });
}
