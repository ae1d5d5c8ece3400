import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AdminUser, AdminWishlist, LogPage, PagedQuery } from '@wishwell/shared/admin-types';
import { readPage, textFilter } from '../../db/paging';
import type { Row, StoreSelect } from '../../db/store';
import { StoreQueries } from '../../db/store-queries';

/** A list as the admin's page shows it, with its owner's name (null for a guest list). */
export type ListWithOwner = { list: Row<'wishlists'>; ownerName: string | null };
type AdminItem = AdminWishlist['items'][number];

/** The Dashboard's counts, each from an index alone. */
export interface AdminCounts {
  users: number;
  lists: number;
  deletedLists: number;
  visitorsSince: number;
  itemsByProgram: { program: string | null; n: number }[];
}

/** The admin console's reads over every account and list, and the account flag it flips; the rules are the service's. */
export class AdminQueries extends StoreQueries {
  private get userColumns() {
    const { users } = this.tables;
    return { _id: users.id, name: users.name, email: users.email, registeredOnDomain: users.registeredOnDomain, isAdmin: users.isAdmin, isDisabled: users.isDisabled };
  }

  /** Accounts, lists and the deleted ones, addresses seen since `since`, items per referral program (most first). */
  async counts(since: Date): Promise<AdminCounts> {
    const { items, users, visitorAddresses, wishlists } = this.tables;
    const [[userCount], [listCount], [deletedCount], [visitorCount], itemsByProgram] = await Promise.all([
      this.db.select({ n: count() }).from(users),
      this.db.select({ n: count() }).from(wishlists),
      this.db.select({ n: count() }).from(wishlists).where(eq(wishlists.isDeleted, true)),
      this.db.select({ n: count() }).from(visitorAddresses).where(gte(visitorAddresses.lastSeenAt, since)),
      this.db.select({ program: items.referralProgram, n: count() }).from(items).groupBy(items.referralProgram).orderBy(desc(count()), asc(items.referralProgram)),
    ]);
    return { users: userCount?.n ?? 0, lists: listCount?.n ?? 0, deletedLists: deletedCount?.n ?? 0, visitorsSince: visitorCount?.n ?? 0, itemsByProgram };
  }

  /** One page of every account, newest first, matching `q` in the name, e-mail address or sign-up domain. */
  users(query: PagedQuery): Promise<LogPage<AdminUser>> {
    const { users } = this.tables;
    const where = and(...textFilter(this.store.dialect, [users.name, users.email, users.registeredOnDomain], query.q));
    return readPage(
      query,
      (window) => this.db.select(this.userColumns).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(window.pageSize).offset(window.offset),
      () => this.db.select({ total: count() }).from(users).where(where),
    );
  }

  /** Flips the account's disabled flag; undefined when there is no such account. */
  async toggleDisabled(userId: string, now: Date): Promise<AdminUser | undefined> {
    const { users } = this.tables;
    const [row] = await this.db
      .update(users)
      .set({ isDisabled: sql`NOT ${users.isDisabled}`, updatedAt: now })
      .where(eq(users.id, userId))
      .returning(this.userColumns);
    return row;
  }

  /** One page of every list, newest first, matching `q` in the list's or the owner's name. */
  wishlists(query: PagedQuery): Promise<LogPage<ListWithOwner>> {
    const { users, wishlists } = this.tables;
    const where = and(...textFilter(this.store.dialect, [wishlists.name, users.name], query.q));
    const withOwners = <T extends StoreSelect>(select: T) => select.leftJoin(users, eq(users.id, wishlists.ownerId)).where(where);
    return readPage(
      query,
      (window) => {
        const lists = withOwners(this.db.select({ list: wishlists, ownerName: users.name }).from(wishlists).$dynamic());
        return lists.orderBy(desc(wishlists.createdAt), desc(wishlists.id)).limit(window.pageSize).offset(window.offset);
      },
      () => withOwners(this.db.select({ total: count() }).from(wishlists).$dynamic()),
    );
  }

  /** The items of each list, oldest first: titles and programs. */
  async itemsOf(listIds: string[]): Promise<Map<string, AdminItem[]>> {
    const { items } = this.tables;
    const byList = new Map<string, AdminItem[]>();
    // Chunked: SQLite caps bound parameters per statement.
    for (let start = 0; start < listIds.length; start += 500) {
      const rows = await this.db
        .select({ _id: items.id, listId: items.wishlistId, title: items.title, referralProgram: items.referralProgram })
        .from(items)
        .where(inArray(items.wishlistId, listIds.slice(start, start + 500)))
        .orderBy(asc(items.createdAt));
      for (const { listId, ...item } of rows) {
        const entries = byList.get(listId) ?? [];
        entries.push(item);
        byList.set(listId, entries);
      }
    }
    return byList;
  }
}
