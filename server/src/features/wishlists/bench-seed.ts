import type { Database } from 'bun:sqlite';
import { newId } from '../../ids';

/**
 * Seeding for `bun run bench` only: it fills a throwaway data dir before the server starts,
 * in transactions with prepared inserts (200,000 items through the API would take minutes).
 */
export function seedBenchOwner(sqlite: Database): string {
  const ownerId = newId();
  const now = Date.now();
  sqlite
    .prepare(`INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES (?, 'Bench Owner', ?, '!', ?, ?)`)
    .run(ownerId, `bench.${ownerId}@example.com`, now, now);
  return ownerId;
}

export interface BenchListsOptions {
  lists: number;
  itemsPerList: number;
  /** Every item's wanted quantity (default 1 to 3). */
  quantity?: number;
}

/** Adds `lists` lists of `itemsPerList` items owned by `ownerId`; answers their ids. */
export function seedBenchLists(sqlite: Database, ownerId: string, options: BenchListsOptions): string[] {
  const listIds: string[] = [];
  const now = Date.now();
  const insertList = sqlite.prepare(
    `INSERT INTO wishlists (id, name, description, theme, owner_id, created_at, updated_at) VALUES (?, ?, 'Seeded for the benchmark', 'Birthday', ?, ?, ?)`,
  );
  const insertItem = sqlite.prepare(
    `INSERT INTO items (id, wishlist_id, title, url, notes, quantity, priority, price, currency, image_url, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Any colour is fine', ?, 'Medium', ?, 'GBP', ?, ?, ?)`,
  );
  sqlite.transaction(() => {
    for (let l = 0; l < options.lists; l++) {
      const listId = newId();
      listIds.push(listId);
      insertList.run(listId, `Wishlist ${l + 1}`, ownerId, now, now);
      for (let i = 0; i < options.itemsPerList; i++) {
        const id = newId();
        const price = `£${(5 + ((i * 7) % 95)).toFixed(2)}`;
        const quantity = options.quantity ?? 1 + (i % 3);
        insertItem.run(id, listId, `Gift ${i + 1}`, `https://shop.example.com/p/${id}`, quantity, price, `https://shop.example.com/i/${id}.jpg`, now + i, now + i);
      }
    }
  })();
  return listIds;
}
