import type { Suggestion, SuggestionInput } from '@wishwell/shared/circle-types';
import { dateOf } from '../../clock';
import { conflict, forbidden, notFound } from '../../domain/errors';
import { newId } from '../../ids';
import { belowCap } from '../../limits/circles';
import { logEvent } from '../../log';
import type { ListAccess } from '../wishlists/access';
import type { ListCurrency } from '../wishlists/list-currency';
import type { CircledList } from './access';
import type { CircleQueries, SuggestionRow } from './queries';
import { toSuggestion } from './suggestion-mapper';

/**
 * Gift ideas for someone else's list, added by a member of a circle it is shared with or by an
 * editor. The owner learns of them only through GET /wishlists/{id}/suggestions, and only after
 * turning on "show me suggestions" (then without who reserved them). They live in their own
 * table: no list, share view, export, follower digest or count of items holds them.
 */
export class SuggestionService {
  constructor(
    private readonly queries: CircleQueries,
    private readonly perList: number,
    private readonly listCurrency: ListCurrency,
  ) {}

  async add(access: CircledList, input: SuggestionInput): Promise<Suggestion> {
    const { list, user } = notTheOwner(access);
    belowCap(await this.queries.suggestionCount(list.id), this.perList, 'tooManySuggestions');
    const now = dateOf(this.queries.lists.clock);
    const row: SuggestionRow = {
      id: newId(),
      wishlistId: list.id,
      suggestedById: user.id,
      title: input.title.trim(),
      url: input.url?.trim() ?? '',
      price: input.price?.trim() ?? '',
      currency: input.currency?.trim() || (await this.listCurrency(access)), // none named: the list's, as an item's
      notes: input.notes?.trim() ?? '',
      reservedById: null,
      reservedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.queries.insertSuggestion(row);
    logEvent({ event: 'suggestion.added', userId: user.id, wishlistId: list.id });
    return toSuggestion(row, user.id, new Map([[user.id, user.name]]), true);
  }

  /** The list's suggestions: for editors and circle members; for the owner only when they asked to see them. */
  async list(access: CircledList): Promise<Suggestion[]> {
    const isOwner = access.role === 'owner';
    if (isOwner && !access.list.showSuggestions) throw forbidden('suggestionsHidden');
    const rows = await this.queries.suggestionsOf([access.list.id]);
    const names = await this.queries.namesOf(rows.flatMap((row) => [row.suggestedById, row.reservedById]).filter((id): id is string => id !== null));
    return rows.map((row) => toSuggestion(row, access.user.id, names, !isOwner));
  }

  /** Removes a suggestion its author made (answers the rest). */
  async remove(access: CircledList, suggestionId: string): Promise<Suggestion[]> {
    const { list, user } = notTheOwner(access);
    if (!(await this.queries.deleteSuggestion(list.id, suggestionId, user.id))) throw notFound('suggestionNotFound');
    return this.list(access);
  }

  /** Reserves a suggestion for the caller, as one reserves an item; one reserver at a time. */
  async reserve(access: CircledList, suggestionId: string): Promise<Suggestion[]> {
    const { list, user } = notTheOwner(access);
    const row = await this.find(list.id, suggestionId);
    if (row.reservedById === user.id) return this.list(access);
    if (!(await this.queries.reserveSuggestion(row.id, user.id, dateOf(this.queries.lists.clock)))) throw conflict('suggestionReserved');
    return this.list(access);
  }

  /** Releases the caller's reservation of a suggestion. */
  async release(access: CircledList, suggestionId: string): Promise<Suggestion[]> {
    const { list, user } = notTheOwner(access);
    const row = await this.find(list.id, suggestionId);
    if (row.reservedById !== user.id) throw notFound('suggestionNotReservedByYou');
    await this.queries.releaseSuggestion(row.id, dateOf(this.queries.lists.clock));
    return this.list(access);
  }

  /** The owner's "show me suggestions" switch. */
  async setShown({ list }: ListAccess, show: boolean): Promise<{ showSuggestions: boolean }> {
    await this.queries.showSuggestions(list.id, show);
    return { showSuggestions: show };
  }

  private async find(listId: string, suggestionId: string): Promise<SuggestionRow> {
    const row = await this.queries.suggestion(listId, suggestionId);
    if (!row) throw notFound('suggestionNotFound');
    return row;
  }
}

/** Suggestions are for someone else's list: its owner is told only that they cannot add here. */
function notTheOwner(access: CircledList): CircledList {
  if (access.role === 'owner') throw forbidden('suggestOwnList');
  return access;
}
