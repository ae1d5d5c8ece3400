import type { Suggestion } from '@wishwell/shared/circle-types';
import type { SuggestionRow } from './queries';

/**
 * A suggestion as `viewerId` sees it. `showReserver` is false for the list's owner: they learn
 * the idea (when they asked to) but never whether or by whom it is reserved.
 */
export function toSuggestion(row: SuggestionRow, viewerId: string, names: ReadonlyMap<string, string>, showReserver: boolean): Suggestion {
  return {
    _id: row.id,
    title: row.title,
    url: row.url,
    price: row.price,
    currency: row.currency,
    notes: row.notes,
    suggestedBy: row.suggestedById ? (names.get(row.suggestedById) ?? '') : '',
    reservedBy: showReserver ? (row.reservedById ? (names.get(row.reservedById) ?? '') : '') : null,
    mine: row.suggestedById === viewerId,
    reservedByMe: showReserver && row.reservedById === viewerId,
    createdAt: row.createdAt.toISOString(),
  };
}
