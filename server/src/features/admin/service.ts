import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AdminStats, AdminUser, AdminWishlist, LogPage, PagedQuery } from '@wishwell/shared/admin-types';
import { wishlistDisplayStatus } from '@wishwell/shared/wishlist-status';
import type { DataStore, Row, StoreSelect } from '../../db/store';
import { invalid, notFound } from '../../domain/errors';
import { readPage, textFilter } from '../../db/paging';

const DAY_MS = 24 * 60 * 60 * 1000;

function adminUserColumns({ users }: DataStore['tables']) {
  return {
    _id: users.id,
    name: users.name,
    email: users.email,
    registeredOnDomain: users.registeredOnDomain,
    isAdmin: users.isAdmin,
    isDisabled: users.isDisabled,
  };
}


/** The admin console's reads over every account and list: stats, All Users, all wish lists. */
export class AdminService {
  constructor(
    private readonly store: DataStore,
    private readonly visitorLogDays: number,
    /** Called when an account is disabled: its outstanding password-reset links and open connections end. */
    private readonly onUserDisabled: (userId: string) => Promise<void>,
  ) {}

  private get db() {
    return this.store.db;
  }

  /**
   * The Dashboard's figures, each from an index alone: lists are all lists minus the (few) deleted
   * ones, items are the sum of the per-program counts, visitors the distinct addresses table.
   */
  async stats(now = new Date()): Promise<AdminStats> {
    const { items, users, visitorAddresses, wishlists } = this.store.tables;
    const since = new Date(now.getTime() - this.visitorLogDays * DAY_MS);
    const [[userCount], [listCount], [deletedCount], [visitorCount], breakdown] = await Promise.all([
      this.db.select({ n: count() }).from(users),
      this.db.select({ n: count() }).from(wishlists),
      this.db.select({ n: count() }).from(wishlists).where(eq(wishlists.isDeleted, true)),
      this.db.select({ n: count() }).from(visitorAddresses).where(gte(visitorAddresses.lastSeenAt, since)),
      this.db
        .select({ program: items.referralProgram, n: count() })
        .from(items)
        .groupBy(items.referralProgram)
        .orderBy(desc(count()), asc(items.referralProgram)),
    ]);
    return {
      totalUsers: userCount?.n ?? 0,
      totalWishlists: (listCount?.n ?? 0) - (deletedCount?.n ?? 0),
      totalItems: breakdown.reduce((sum, row) => sum + row.n, 0),
      uniqueVisitors: visitorCount?.n ?? 0,
      referralBreakdown: breakdown.map((row) => ({ _id: row.program, count: row.n })),
    };
  }

  /** One page of every account, newest first, matching `q` in the name, e-mail address or sign-up domain. */
  async users(query: PagedQuery): Promise<LogPage<AdminUser>> {
    const { users } = this.store.tables;
    const where = and(...textFilter(this.store.dialect, [users.name, users.email, users.registeredOnDomain], query.q));
    return readPage(
      query,
      (window) =>
        this.db
          .select(adminUserColumns(this.store.tables))
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(window.pageSize)
          .offset(window.offset),
      () => this.db.select({ total: count() }).from(users).where(where),
    );
  }

  /** Flips an account's disabled flag; its sessions stop at the next request (they are checked on every call). */
  async toggleUserDisabled(userId: string, actingAdminId: string): Promise<AdminUser> {
    if (userId === actingAdminId) throw invalid('selfDisable');
    const { users } = this.store.tables;
    const [row] = await this.db
      .update(users)
      .set({ isDisabled: sql`NOT ${users.isDisabled}`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning(adminUserColumns(this.store.tables));
    if (!row) throw notFound('userNotFound');
    if (row.isDisabled) await this.onUserDisabled(userId);
    return row;
  }

  /** One page of every list, newest first (matching `q` in the list's or the owner's name), with owners (null for guest lists) and items' titles and programs. */
  async wishlists(query: PagedQuery, now = new Date()): Promise<LogPage<AdminWishlist>> {
    const { users, wishlists } = this.store.tables;
    const where = and(...textFilter(this.store.dialect, [wishlists.name, users.name], query.q));
    const withOwners = <T extends StoreSelect>(select: T) => select.leftJoin(users, eq(users.id, wishlists.ownerId)).where(where);
    return readPage(
      query,
      async (window) => {
        const lists = withOwners(this.db.select({ list: wishlists, ownerName: users.name }).from(wishlists).$dynamic());
        const rows = await lists.orderBy(desc(wishlists.createdAt), desc(wishlists.id)).limit(window.pageSize).offset(window.offset);
        return this.withItems(rows, now);
      },
      () => withOwners(this.db.select({ total: count() }).from(wishlists).$dynamic()),
    );
  }

  private async withItems(rows: { list: Row<'wishlists'>; ownerName: string | null }[], now: Date): Promise<AdminWishlist[]> {
    const itemsByList = await this.itemsOf(rows.map(({ list }) => list.id));
    return rows.map(({ list, ownerName }) => {
      const expiresAt = list.expiresAt?.toISOString() ?? null;
      const flags = { isDeleted: list.isDeleted, isDisabled: list.isDisabled, expiresAt };
      return {
        _id: list.id,
        name: list.name,
        owner: list.ownerId && ownerName !== null ? { _id: list.ownerId, name: ownerName } : null,
        ...flags,
        status: wishlistDisplayStatus(flags, now),
        items: itemsByList.get(list.id) ?? [],
      };
    });
  }

  private async itemsOf(listIds: string[]): Promise<Map<string, AdminWishlist['items']>> {
    const { items } = this.store.tables;
    const byList = new Map<string, AdminWishlist['items']>();
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
