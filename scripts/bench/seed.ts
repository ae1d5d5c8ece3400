import { toMinorUnits } from '@wishwell/shared/money';
import type { DataStore } from '@wishwell/server/db/store';
import { newId } from '@wishwell/server/ids';

/**
 * Seeding for the benchmarks only: it fills a throwaway database before the server starts,
 * through the data store in transactions of multi-row inserts (200,000 items through the API
 * would take minutes). Works on either engine.
 */
export async function seedBenchOwner(store: DataStore): Promise<string> {
  const ownerId = newId();
  const now = new Date();
  await store.db
    .insert(store.tables.users)
    .values({ id: ownerId, name: 'Bench Owner', email: `bench.${ownerId}@example.com`, passwordHash: '!', createdAt: now, updatedAt: now });
  return ownerId;
}

export interface BenchListsOptions {
  lists: number;
  itemsPerList: number;
  /** Every item's wanted quantity (default 1 to 3). */
  quantity?: number;
  /**
   * Where item pictures live. Given, each item's copy of its picture is pending, so the server's
   * copy job fetches them from there; by default (https://shop.example.com, which nothing serves)
   * the copies were settled long ago, as on a running instance, and the job has nothing to fetch.
   */
  imageOrigin?: string;
  /** Every item a group gift at this price (a plain amount such as '20000000.00'), for pledges. */
  groupGiftPrice?: string;
  /** Fields set on each item besides the defaults (the price watch's link, shop and due time), by list and item number. */
  itemFields?: (list: number, item: number) => Record<string, unknown>;
}

const ROWS_PER_INSERT = 500;
const LISTS_PER_TRANSACTION = 500;

/** Adds `lists` lists of `itemsPerList` items owned by `ownerId`; answers their ids. */
export async function seedBenchLists(store: DataStore, ownerId: string, options: BenchListsOptions): Promise<string[]> {
  const listIds = Array.from({ length: options.lists }, () => newId());
  for (let start = 0; start < listIds.length; start += LISTS_PER_TRANSACTION) {
    await seedListBatch(store, ownerId, listIds.slice(start, start + LISTS_PER_TRANSACTION), start, options);
  }
  return listIds;
}

async function seedListBatch(store: DataStore, ownerId: string, listIds: string[], offset: number, options: BenchListsOptions): Promise<void> {
  const { wishlists, items } = store.tables;
  const now = Date.now();
  const lists = listIds.map((id, l) => ({
    id,
    name: `Wishlist ${offset + l + 1}`,
    description: 'Seeded for the benchmark',
    theme: 'Birthday',
    ownerId,
    createdAt: new Date(now),
    updatedAt: new Date(now),
  }));
  const itemRows = listIds.flatMap((wishlistId, l) =>
    Array.from({ length: options.itemsPerList }, (_, i) => {
      const id = newId();
      const price = options.groupGiftPrice ?? `£${(5 + ((i * 7) % 95)).toFixed(2)}`;
      return {
        id,
        wishlistId,
        title: `Gift ${i + 1}`,
        url: `https://shop.example.com/p/${id}`,
        shopDomain: 'shop.example.com',
        notes: 'Any colour is fine',
        quantity: options.quantity ?? 1 + (i % 3),
        price,
        priceMinor: toMinorUnits(price),
        isGroupGift: options.groupGiftPrice !== undefined,
        currency: 'GBP',
        imageUrl: `${options.imageOrigin ?? 'https://shop.example.com'}/i/${id}.jpg`,
        imageCheckedAt: options.imageOrigin ? null : new Date(now + i),
        createdAt: new Date(now + i),
        updatedAt: new Date(now + i),
        ...options.itemFields?.(offset + l, i),
      };
    }),
  );
  await store.transaction(async (tx) => {
    await tx.insert(wishlists).values(lists);
    for (let start = 0; start < itemRows.length; start += ROWS_PER_INSERT) {
      await tx.insert(items).values(itemRows.slice(start, start + ROWS_PER_INSERT));
    }
  });
}
