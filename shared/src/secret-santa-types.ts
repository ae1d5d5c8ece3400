/** Secret Santa draws: what the organiser and the participants see. Pairs are only ever shown to the giver. */

export const DRAW_PARTICIPANTS_MIN = 3;
export const DRAW_PARTICIPANTS_MAX = 100;
export const DRAW_NAME_MAX = 100;
export const DRAW_PERSON_NAME_MAX = 100;
export const DRAW_QUESTION_MAX = 500;
/** The largest budget a draw takes, in minor units (1,000,000.00). */
export const DRAW_BUDGET_MAX_MINOR = 100_000_000;

export interface DrawParticipantInput {
  name: string;
  email: string;
}

export interface NewDraw {
  circleId?: string;
  name?: string;
  participants: DrawParticipantInput[];
  /**
   * Pairs who must not draw each other, either way: each side a participant's e-mail address or,
   * for a member of the draw's circle, their user id (the organiser may not know their address).
   */
  exclusions?: [string, string][];
  /** In minor units (cents). */
  budget?: number | null;
  currency?: string | null;
  /** YYYY-MM-DD. */
  date?: string | null;
  /**
   * One of the organiser's own earlier draws, drawn, in the same circle or made outside any:
   * nobody gets the person they gave to in it. Its pairs are never answered, only its id and name.
   */
  avoidDrawId?: string | null;
}

/** A draw as its organiser sees it: who takes part and who opened their result, never who gives to whom. */
export interface OrganisedDraw {
  id: string;
  name: string;
  circleId: string | null;
  /** The earlier draw whose pairs this one avoids (null once that draw is deleted or started over). */
  avoidDraw: { id: string; name: string } | null;
  budget: number | null;
  currency: string | null;
  date: string | null;
  drawnAt: string | null;
  createdAt: string;
  /** `email` is null for people taken from the draw's circle (other than the organiser): the draw mails them, the organiser sees their names. */
  participants: { id: string; name: string; email: string | null; opened: boolean }[];
  /** Pairs of participants (by `id`) who must not draw each other. */
  exclusions: [string, string][];
  /** A redraw is allowed while nobody has opened their result. */
  canRedraw: boolean;
}

/** A list the participant attached for their giver. */
export interface DrawList {
  id: string;
  name: string;
}

export interface DrawQuestion {
  id: string;
  question: string;
  answer: string | null;
  askedAt: string;
}

/** What one participant sees: whom they give to (once drawn), and nothing of anyone else's pair. */
export interface DrawResult {
  drawName: string;
  organiser: string;
  budget: number | null;
  currency: string | null;
  date: string | null;
  you: { name: string; email: string; list: DrawList | null };
  /** Null until the names are drawn. */
  recipient: { name: string; list: DrawList | null } | null;
  /** The questions this participant asked their giftee, with the answers. */
  asked: DrawQuestion[];
  /** The questions their (unnamed) giver asked them. */
  askedOfYou: DrawQuestion[];
  /** The secret of this result's link, for the app's calls once it opened the result by account. */
  token: string;
}

/** The draws the signed-in account organises, and those it takes part in (by its e-mail). */
export interface MyDraws {
  organised: { id: string; name: string; circleId: string | null; participants: number; drawnAt: string | null; createdAt: string }[];
  takingPart: { id: string; name: string; organiser: string; drawnAt: string | null }[];
}

/** GET /circles/{id}/draws: a draw made within the circle, as any of its members sees it. */
export interface CircleDraw {
  id: string;
  name: string;
  /** YYYY-MM-DD. */
  date: string | null;
  drawnAt: string | null;
  participants: number;
  /** How many opened their result: for the draw's organiser only, else null. */
  opened: number | null;
  /** The caller organises it (their page: /santa?draw={id}). */
  mine: boolean;
  /** The caller takes part (their result: /santa/draws/{id}). */
  takingPart: boolean;
  /** The caller joined the circle after the draw was made, so is not in it (nothing to open). */
  joinedAfter: boolean;
}

/** The admin console's view: that a draw happened, never its pairs. */
export interface AdminDraw {
  id: string;
  organiser: string;
  participants: number;
  createdAt: string;
  drawnAt: string | null;
}

export const santaResultPath = (token: string) => `/santa/result/${token}`;
export const santaPath = '/santa';
