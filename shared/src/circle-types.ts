/**
 * Gift circles and suggestions (issue 38): request bodies and answers. A circle member sees the
 * lists the others share with the circle, who among the members reserved what on them, and the
 * gift ideas others suggested; never any of that on their own lists.
 */

/** GET /circles: one of my circles. */
export interface CircleSummary {
  _id: string;
  name: string;
  memberCount: number;
  isCreator: boolean;
}

/** A member's reservation or suggestion's reserver, named only among the circle's members. */
export interface CircleReservation {
  /** The member's name, or '' for someone outside the circle (a guest with the link). */
  name: string;
  quantity: number;
}

/** An item of a shared list, as another member sees it. */
export interface CircleItem {
  _id: string;
  title: string;
  url: string;
  price: string;
  currency: string;
  quantity: number;
  quantityPurchased: number;
  /** Reservations by circle members (others show only in quantityPurchased). */
  reservations: CircleReservation[];
}

/** A gift idea someone other than the owner added; its owner never sees it (unless they ask to, and then never who reserved it). */
export interface Suggestion {
  _id: string;
  title: string;
  url: string;
  price: string;
  currency: string;
  notes: string;
  suggestedBy: string;
  /** The reserver's name ('' while free); null when the caller may not know (the owner). */
  reservedBy: string | null;
  /** Whether the caller added it (and so may delete it). */
  mine: boolean;
  /** Whether the caller holds its reservation (and so may release it). */
  reservedByMe: boolean;
  createdAt: string;
}

/** A list a member shares with the circle. */
export interface CircleList {
  _id: string;
  name: string;
  eventDate: string | null;
  isRecurring: boolean;
  /** The event's next day (recurring ones rolled forward), or null when none is ahead. */
  nextEvent: string | null;
  /** Empty on the caller's own lists: the surprise stays theirs. */
  items: CircleItem[];
  suggestions: Suggestion[];
}

export interface CircleMember {
  _id: string;
  name: string;
  isCreator: boolean;
  joinedAt: string;
  lists: CircleList[];
}

/** GET /circles/{id}: the circle as one of its members sees it; members whose next event is soonest first. */
export interface Circle {
  _id: string;
  name: string;
  isCreator: boolean;
  /**
   * The invite link: the creator's alone, and only in the answer that made it (creating the
   * circle, renewing the link); it is stored only as a hash, so no later answer can hold it.
   */
  inviteLink: string | null;
  members: CircleMember[];
  /** My lists' ids this circle sees. */
  mySharedListIds: string[];
}

export interface CreateCircleInput {
  name: string;
}

export interface CircleInviteInput {
  email: string;
}

/** The answer to an invitation by mail: the link too when this server cannot send mail. */
export interface CircleInviteSent {
  link?: string;
}

export interface CircleListsInput {
  wishlistIds: string[];
}

export interface HandOverInput {
  userId: string;
}

/** GET /circles/join/{token}: what the link's holder sees before joining. */
export interface CircleInvitePreview {
  name: string;
  createdBy: string;
  memberCount: number;
}

export interface JoinedCircle {
  circleId: string;
}

/** POST /wishlists/{id}/suggestions. */
export interface SuggestionInput {
  title: string;
  url?: string;
  price?: string;
  currency?: string;
  notes?: string;
}

export const circlePath = (circleId: string) => `/circles/${circleId}`;
export const circleJoinPath = (token: string) => `/circles/join/${token}`;

/** The members' names a draw needs: a circle's members as a Secret Santa's participants. */
export interface CircleParticipant {
  name: string;
  email: string;
  userId: string;
}
