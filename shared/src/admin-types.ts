/** The admin console's API answers (spec sections 3 and 7, "Admin"). */
import type { WishlistDisplayStatus } from './wishlist-status';

/** GET /stats */
export interface AdminStats {
  totalUsers: number;
  totalWishlists: number;
  totalItems: number;
  /** Distinct visitor addresses over the kept visitor log period. */
  uniqueVisitors: number;
  /** Items per referral program; `_id` null for items without one. */
  referralBreakdown: { _id: string | null; count: number }[];
}

/** GET /users: one account as the All Users page shows it. */
export interface AdminUser {
  _id: string;
  name: string;
  email: string;
  registeredOnDomain: string;
  isAdmin: boolean;
  isDisabled: boolean;
}

/** GET /wishlists/all: one list with its owner (null for guest lists) and items. */
export interface AdminWishlist {
  _id: string;
  name: string;
  owner: { _id: string; name: string } | null;
  isDeleted: boolean;
  isDisabled: boolean;
  expiresAt: string | null;
  status: WishlistDisplayStatus;
  items: { _id: string; title: string; referralProgram: string | null }[];
}

/** GET /logs/email */
export interface EmailLogEntry {
  _id: string;
  createdAt: string;
  recipient: string;
  subject: string;
  sentBy: { _id: string; name: string } | null;
  /** 'Success' or what went wrong. */
  status: string;
}

/**
 * Visitors the visitor log writes one by one in a take of its views (about a second). The views
 * of further visitors until the take are counted per domain, on an entry with no address, place
 * or browser: a flood from new addresses adds a few hundred rows a second, not a row per view.
 * The bound keeps logging under 5 % of the share page's requests per second on a 2-core server; a
 * row per view of such a flood would cost it a fifth (docs/benchmarks.md).
 */
export const VISITOR_LOG_CROWD_AFTER = 250;
/** The address of a domain's crowd entry (see VISITOR_LOG_CROWD_AFTER): none, and no visitor's. */
export const VISITOR_CROWD_ADDRESS = '';

/** GET /logs/visitors */
export interface VisitorLogEntry {
  _id: string;
  createdAt: string;
  domain: string;
  city: string;
  country: string;
  /** VISITOR_CROWD_ADDRESS on a domain's crowd (see VISITOR_LOG_CROWD_AFTER). */
  ipAddress: string;
  userAgent: string;
  /** The visitor's views counted on this entry: the page views of one address, browser and domain within a second are one entry. */
  views: number;
}

export const LOG_PAGE_SIZE_DEFAULT = 50;
export const LOG_PAGE_SIZE_MAX = 200;

/** `?page=&pageSize=&q=` of the server-paged admin lists (page from 1). */
export interface PagedQuery {
  page?: number;
  pageSize?: number;
  /** Text searched in the list's text columns. */
  q?: string;
}

/** `?page=&pageSize=&q=&status=&from=&to=` of every log (from/to ISO dates, to inclusive). */
export interface LogQuery extends PagedQuery {
  /** success or failed. */
  status?: 'success' | 'failed';
  from?: string;
  to?: string;
}

/**
 * A log's text search counts its matches up to this many: counting every match among 1,000,000
 * rows would cost more than reading the page itself.
 */
export const LOG_COUNT_CAP = 10_000;

/** One page of a log or admin list, newest first, with the number of matching rows. */
export interface LogPage<T> {
  entries: T[];
  total: number;
  page: number;
  pageSize: number;
  /** More rows match than `total` (a text search counted up to LOG_COUNT_CAP and stopped). */
  totalCapped?: boolean;
}
