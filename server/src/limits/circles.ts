import { conflict, type ErrorKey } from '../domain/errors';

/** Gift circles' bounds (CIRCLES_PER_USER, CIRCLE_MEMBERS, RATE_LIMIT_CIRCLE_INVITE_USER, SUGGESTIONS_PER_LIST). */
export interface CircleLimits {
  /** Circles one account may belong to (made or joined). */
  perUser: number;
  /** Members one circle may have. */
  membersPerCircle: number;
  /** Invitations by e-mail one account may send per hour. */
  invitationsPerHour: number;
  /** Suggestions one list may hold. */
  suggestionsPerList: number;
}

/** Refuses (409, the text naming the cap) when `count` things already fill `max`. */
export function belowCap(count: number, max: number, key: ErrorKey): void {
  if (count >= max) throw conflict(key, { max });
}
