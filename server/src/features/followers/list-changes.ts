import { and, eq, isNotNull, lt } from 'drizzle-orm';
import { dateOf, type Clock } from '../../clock';
import type { DataStore } from '../../db/store';
import { newTimeOrderedId } from '../../ids';
import { notify } from '../notifications/notify';

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
  const { listChanges, items } = store.tables;
  const title = change.title ?? (change.itemId ? (await store.db.select({ title: items.title }).from(items).where(eq(items.id, change.itemId)))[0]?.title : undefined) ?? '';
  await store.db.insert(listChanges).values({
    id: newTimeOrderedId(),
    wishlistId: change.wishlistId,
    kind: change.kind,
    itemId: change.itemId ?? null,
    title,
    was: change.was ?? null,
    now: change.now ?? null,
    createdAt: dateOf(clock),
  });
  if (change.kind === 'price-dropped') await notifyAccountFollowers(store, change.wishlistId, title, dateOf(clock));
}

async function notifyAccountFollowers(store: DataStore, wishlistId: string, title: string, at: Date): Promise<void> {
  const { listFollowers, wishlists } = store.tables;
  const rows = await store.db
    .select({ userId: listFollowers.userId, listName: wishlists.name })
    .from(listFollowers)
    .innerJoin(wishlists, eq(wishlists.id, listFollowers.wishlistId))
    .where(and(eq(listFollowers.wishlistId, wishlistId), isNotNull(listFollowers.userId), isNotNull(listFollowers.confirmedAt)));
  if (rows.length === 0) return;
  await notify(store, rows.map((row) => row.userId!), { kind: 'price-dropped', wishlistId, listName: rows[0]!.listName, detail: title }, at);
}

/** Drops changes no digest will report any more. */
export async function pruneListChanges(store: DataStore, now: Date): Promise<void> {
  const { listChanges } = store.tables;
  await store.db.delete(listChanges).where(lt(listChanges.createdAt, new Date(now.getTime() - KEEP_MS)));
}
