import { dateOf, type Clock } from '../../clock';
import type { DataStore } from '../../db/store';
import { newTimeOrderedId } from '../../ids';
import { notify } from '../notifications/notify';
import { FollowerQueries } from './queries';

/** What followers' digests report. Purchases and reservations are never one of them. */
export type ListChangeKind = 'item-added' | 'item-removed' | 'price-dropped' | 'date-moved';

export interface ListChange {
  wishlistId: string;
  kind: ListChangeKind;
  itemId?: string | null;
  /** The item's title (looked up when left out and the item is there). */
  title?: string;
  /** The price or event day before and after, as shown ('£49.00', '2027-03-14'). */
  was?: string | null;
  now?: string | null;
}

/** Changes older than this are dropped: every digest is at most weekly. */
const KEEP_MS = 60 * 86_400_000;

/**
 * Records a change for the list's followers' next digests (the price watch calls this for a
 * scraped drop, the item service for an owner's edit). A price drop also goes on the bell of
 * followers who follow through their account.
 */
export async function recordListChange(store: DataStore, clock: Clock, change: ListChange): Promise<void> {
  const queries = new FollowerQueries(store);
  const title = change.title ?? (change.itemId ? await queries.itemTitle(change.itemId) : undefined) ?? '';
  await queries.insertChange({
    id: newTimeOrderedId(),
    wishlistId: change.wishlistId,
    kind: change.kind,
    itemId: change.itemId ?? null,
    title,
    was: change.was ?? null,
    now: change.now ?? null,
    createdAt: dateOf(clock),
  });
  if (change.kind === 'price-dropped') await notifyAccountFollowers(store, queries, change.wishlistId, title, dateOf(clock));
}

async function notifyAccountFollowers(store: DataStore, queries: FollowerQueries, wishlistId: string, title: string, at: Date): Promise<void> {
  const rows = await queries.accountFollowers(wishlistId);
  if (rows.length === 0) return;
  await notify(store, rows.map((row) => row.userId!), { kind: 'price-dropped', wishlistId, listName: rows[0]!.listName, detail: title }, at);
}

/** Drops changes no digest will report any more. */
export function pruneListChanges(queries: FollowerQueries, now: Date): Promise<void> {
  return queries.deleteChangesBefore(new Date(now.getTime() - KEEP_MS));
}
