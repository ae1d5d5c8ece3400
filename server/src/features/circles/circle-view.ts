import type { Circle, CircleItem, CircleList, CircleMember } from '@wishwell/shared/circle-types';
import { nextOccurrence, utcDay } from '@wishwell/shared/event-dates';
import { isShared } from '../wishlists/access';
import type { CircleMembership } from './access';
import type { CircleQueries } from './queries';
import { toSuggestion } from './suggestion-mapper';

type ItemRow = Awaited<ReturnType<CircleQueries['itemsOf']>>[number];
type ClaimTotal = Awaited<ReturnType<CircleQueries['accountClaimsOn']>>[number];

/**
 * The circle as one member sees it: every member with the lists they share, members whose next
 * event is soonest first. On other members' lists: the items, who among the members reserved
 * them, and the suggestions. On the caller's own lists: nothing of that (the surprise is theirs).
 */
export async function circleView(queries: CircleQueries, { circle, user, isCreator }: CircleMembership, inviteLink: string | null): Promise<Circle> {
  const nowMs = queries.lists.clock.now();
  const today = utcDay(new Date(nowMs));
  const members = await queries.members(circle.id);
  const memberNames = new Map(members.map((member) => [member.userId, member.name]));
  const shared = (await queries.sharedLists(circle.id)).filter(({ userId, list }) => userId === user.id || isShared(list, nowMs));
  const othersListIds = shared.filter(({ userId }) => userId !== user.id).map(({ list }) => list.id);
  const [items, claims, suggestions] = await Promise.all([queries.itemsOf(othersListIds), queries.accountClaimsOn(othersListIds), queries.suggestionsOf(othersListIds)]);
  const lists = new Map<string, CircleList[]>();
  for (const { userId, list } of shared) {
    const mine = userId === user.id;
    const entry: CircleList = {
      _id: list.id,
      name: list.name,
      eventDate: list.eventDate,
      isRecurring: list.isRecurring,
      nextEvent: list.eventDate ? nextOccurrence(list.eventDate, list.isRecurring, today) : null,
      items: mine ? [] : items.filter((item) => item.wishlistId === list.id).map((item) => toCircleItem(item, claims, memberNames)),
      suggestions: mine ? [] : suggestions.filter((s) => s.wishlistId === list.id).map((s) => toSuggestion(s, user.id, memberNames, true)),
    };
    lists.set(userId, [...(lists.get(userId) ?? []), entry]);
  }
  const view: CircleMember[] = members.map((member) => ({
    _id: member.userId,
    name: member.name,
    isCreator: member.userId === (circle.creatorId ?? members[0]?.userId),
    joinedAt: member.joinedAt.toISOString(),
    lists: soonestFirst(lists.get(member.userId) ?? []),
  }));
  return {
    _id: circle.id,
    name: circle.name,
    isCreator,
    inviteLink,
    members: soonestFirst(view.map((member) => ({ ...member, nextEvent: member.lists[0]?.nextEvent ?? null }))).map(({ nextEvent: _, ...member }) => member),
    mySharedListIds: (lists.get(user.id) ?? []).map((list) => list._id),
  };
}

/** Soonest next event first; those without one after, in their order. */
function soonestFirst<T extends { nextEvent: string | null }>(entries: T[]): T[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.nextEvent ?? '\uffff').localeCompare(b.entry.nextEvent ?? '\uffff') || a.index - b.index)
    .map(({ entry }) => entry);
}

function toCircleItem(item: ItemRow, claims: ClaimTotal[], memberNames: ReadonlyMap<string, string>): CircleItem {
  const reservations = claims
    .filter((claim) => claim.itemId === item.id && claim.userId !== null && memberNames.has(claim.userId))
    .map((claim) => ({ name: memberNames.get(claim.userId!)!, quantity: claim.quantity }));
  return {
    _id: item.id,
    title: item.title,
    url: item.url,
    price: item.price,
    currency: item.currency,
    quantity: item.quantity,
    quantityPurchased: item.quantityPurchased,
    reservations,
  };
}
