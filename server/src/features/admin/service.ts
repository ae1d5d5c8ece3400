import type { AdminStats, AdminUser, AdminWishlist, LogPage, PagedQuery } from '@wishwell/shared/admin-types';
import { wishlistDisplayStatus } from '@wishwell/shared/wishlist-status';
import type { DataStore } from '../../db/store';
import { invalid, notFound } from '../../domain/errors';
import { AdminQueries, type ListWithOwner } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin console's reads over every account and list: stats, All Users, all wish lists. */
export class AdminService {
  private readonly queries: AdminQueries;

  constructor(
    store: DataStore,
    private readonly visitorLogDays: number,
    /** Called when an account is disabled: its outstanding password-reset links and open connections end. */
    private readonly onUserDisabled: (userId: string) => Promise<void>,
  ) {
    this.queries = new AdminQueries(store);
  }

  /**
   * The Dashboard's figures, each from an index alone: lists are all lists minus the (few) deleted
   * ones, items are the sum of the per-program counts, visitors the distinct addresses table.
   */
  async stats(now = new Date()): Promise<AdminStats> {
    const counts = await this.queries.counts(new Date(now.getTime() - this.visitorLogDays * DAY_MS));
    return {
      totalUsers: counts.users,
      totalWishlists: counts.lists - counts.deletedLists,
      totalItems: counts.itemsByProgram.reduce((sum, row) => sum + row.n, 0),
      uniqueVisitors: counts.visitorsSince,
      referralBreakdown: counts.itemsByProgram.map((row) => ({ _id: row.program, count: row.n })),
    };
  }

  /** One page of every account, newest first, matching `q` in the name, e-mail address or sign-up domain. */
  users(query: PagedQuery): Promise<LogPage<AdminUser>> {
    return this.queries.users(query);
  }

  /** Flips an account's disabled flag; its sessions stop at the next request (they are checked on every call). */
  async toggleUserDisabled(userId: string, actingAdminId: string): Promise<AdminUser> {
    if (userId === actingAdminId) throw invalid('selfDisable');
    const row = await this.queries.toggleDisabled(userId, new Date());
    if (!row) throw notFound('userNotFound');
    if (row.isDisabled) await this.onUserDisabled(userId);
    return row;
  }

  /** One page of every list, newest first (matching `q` in the list's or the owner's name), with owners (null for guest lists) and items' titles and programs. */
  async wishlists(query: PagedQuery, now = new Date()): Promise<LogPage<AdminWishlist>> {
    const page = await this.queries.wishlists(query);
    return { ...page, entries: await this.withItems(page.entries, now) };
  }

  private async withItems(rows: ListWithOwner[], now: Date): Promise<AdminWishlist[]> {
    const itemsByList = await this.queries.itemsOf(rows.map(({ list }) => list.id));
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
}
