import { and, count, desc, eq, gte, inArray, lt, notInArray, notLike, or, sql, type SQL } from 'drizzle-orm';
import { LOG_COUNT_CAP, type LogPage, type LogQuery } from '@wishwell/shared/admin-types';
import { readPage, textFilter, type PageWindow } from '../../db/paging';
import type { Row, TableColumn, Tables } from '../../db/store';
import { StoreQueries } from '../../db/store-queries';
import { MAIL_QUEUED, MAIL_RETRYING, MAIL_SUCCESS } from '../../mail/outbox';
import { pgUnindexed } from './unindexed.pg';
import { sqliteUnindexed } from './unindexed.sqlite';

/** The time a log's rows are filtered to: from `from`, before `until`. */
export interface LogRange {
  from?: Date;
  until?: Date;
}

/** A log row with the name of the account that caused it (null when none, or gone). */
export interface LoggedBy<T> {
  log: T;
  userName: string | null;
}

export type VisitorRow = { log: Row<'visitorLogs'>; profile: Row<'visitorProfiles'> | null };

type LogTable = Tables['scrapeLogs'] | Tables['emailLogs'] | Tables['visitorLogs'];

/**
 * The admin logs' reads: newest first, one page at a time, filtered in SQL, with a text search's
 * count capped at LOG_COUNT_CAP; what a filter may be, and what an entry shows, are the service's.
 */
export class LogQueries extends StoreQueries {
  /** A scrape's line in Scrape Logs. */
  async insertScrape(row: Row<'scrapeLogs'>): Promise<void> {
    await this.db.insert(this.tables.scrapeLogs).values(row);
  }

  scrape(query: LogQuery, range: LogRange): Promise<LogPage<LoggedBy<Row<'scrapeLogs'>>>> {
    const { scrapeLogs } = this.tables;
    const where = and(
      ...textFilter(this.store.dialect, [scrapeLogs.sourceUrl, scrapeLogs.ipAddress], query.q),
      ...(query.status ? [eq(scrapeLogs.success, query.status === 'success')] : []),
      ...dateRange(scrapeLogs.createdAt, range),
    );
    return this.loggedByPage(query, scrapeLogs, scrapeLogs.requestedById, where);
  }

  email(query: LogQuery, range: LogRange): Promise<LogPage<LoggedBy<Row<'emailLogs'>>>> {
    const { emailLogs } = this.tables;
    const where = and(
      ...textFilter(this.store.dialect, [emailLogs.recipient, emailLogs.subject], query.q),
      ...(query.status ? [query.status === 'success' ? eq(emailLogs.status, MAIL_SUCCESS) : mailFailed(emailLogs.status)] : []),
      ...dateRange(emailLogs.createdAt, range),
    );
    return this.loggedByPage(query, emailLogs, emailLogs.sentById, where);
  }

  /** One page of a log whose rows name the account that caused them (`by`), with that account's name. */
  private loggedByPage<T extends Tables['scrapeLogs'] | Tables['emailLogs']>(query: LogQuery, table: T, by: TableColumn, where: SQL | undefined): Promise<LogPage<LoggedBy<T['$inferSelect']>>> {
    const { users } = this.tables;
    return this.page(query, table, where, (window) =>
      this.db
        .select({ log: table, userName: users.name })
        .from(table)
        .leftJoin(users, eq(users.id, by))
        .where(where)
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(window.pageSize)
        .offset(window.offset) as Promise<LoggedBy<T['$inferSelect']>[]>,
    );
  }

  /**
   * The visitor log. A text search matches the domain, place or user agent of a view (a substring,
   * looked up in the small visitor_profiles table) or its whole IP address, so the log itself is
   * read through indexes: a rare term costs a few lookups, not a pass over every row.
   */
  async visitors(query: LogQuery, range: LogRange): Promise<LogPage<VisitorRow>> {
    const { visitorLogs } = this.tables;
    const dates = dateRange(visitorLogs.createdAt, range);
    const text = query.q?.trim();
    if (!text) return this.page(query, visitorLogs, and(...dates), (window) => this.visitorRows(and(...dates), window));
    const indexed = and(this.visitorMatch(text, (column) => sql`${column}`), ...dates);
    const total = await this.cappedCount(visitorLogs, indexed);
    // Many matches: walking the log newest first finds a page soonest. Few: the indexes find them all, then they are sorted.
    const where = total > LOG_COUNT_CAP ? and(this.visitorMatch(text, this.store.engine === 'sqlite' ? sqliteUnindexed : pgUnindexed), ...dates) : indexed;
    return capped(await readPage(query, (window) => this.visitorRows(where, window), async () => [{ total }]));
  }

  /** Views whose profile contains `text` or whose address is `text`; `column` may keep an index from serving the match. */
  private visitorMatch(text: string, column: (column: TableColumn) => SQL): SQL {
    const { visitorLogs, visitorProfiles } = this.tables;
    const profiles = this.db
      .select({ id: visitorProfiles.id })
      .from(visitorProfiles)
      .where(and(...textFilter(this.store.dialect, [visitorProfiles.domain, visitorProfiles.city, visitorProfiles.country, visitorProfiles.userAgent], text)));
    const addresses = [...new Set([text, text.toLowerCase()])];
    return or(inArray(column(visitorLogs.profileId), profiles), inArray(column(visitorLogs.ipAddress), addresses))!;
  }

  private visitorRows(where: SQL | undefined, window: PageWindow): Promise<VisitorRow[]> {
    const { visitorLogs, visitorProfiles } = this.tables;
    return this.db
      .select({ log: visitorLogs, profile: visitorProfiles })
      .from(visitorLogs)
      // LEFT JOIN keeps the log the outer loop on SQLite (its planner never reorders one), so the
      // page walks the log's date index; an inner join would read every row of a profile, then sort.
      .leftJoin(visitorProfiles, eq(visitorProfiles.id, visitorLogs.profileId))
      .where(where)
      .orderBy(desc(visitorLogs.createdAt), desc(visitorLogs.id))
      .limit(window.pageSize)
      .offset(window.offset);
  }

  /**
   * One page of a log: the rows `fetchPage` reads for the page's window, and how many rows
   * `where` matches in all — with a text search, counted up to LOG_COUNT_CAP only (no index
   * serves a search inside the text, so an exact count reads every row of the log).
   */
  private async page<Entry>(query: LogQuery, table: LogTable, where: SQL | undefined, fetchPage: (window: PageWindow) => Promise<Entry[]>): Promise<LogPage<Entry>> {
    if (!query.q?.trim()) return readPage(query, fetchPage, () => this.db.select({ total: count() }).from(table).where(where));
    return capped(await readPage(query, fetchPage, async () => [{ total: await this.cappedCount(table, where) }]));
  }

  /** How many rows `where` matches, counted up to LOG_COUNT_CAP + 1. */
  private async cappedCount(table: LogTable, where: SQL | undefined): Promise<number> {
    const matches = this.db.select({ one: sql`1`.as('one') }).from(table).where(where).limit(LOG_COUNT_CAP + 1).as('matches');
    const [counted] = await this.db.select({ total: count() }).from(matches);
    return counted?.total ?? 0;
  }
}

/**
 * A mail failed once it will not be sent: neither sent, nor queued, nor waiting for its next try
 * (what is left: the outbox gave it up, or no SMTP server was set to send it).
 */
function mailFailed(status: TableColumn): SQL {
  return and(notInArray(status, [MAIL_SUCCESS, MAIL_QUEUED]), notLike(status, `${MAIL_RETRYING}%`))!;
}

function dateRange(column: TableColumn, { from, until }: LogRange): SQL[] {
  return [...(from ? [gte(column, from)] : []), ...(until ? [lt(column, until)] : [])];
}

/** A page whose count went past LOG_COUNT_CAP says so instead. */
function capped<Entry>(page: LogPage<Entry>): LogPage<Entry> {
  return page.total > LOG_COUNT_CAP ? { ...page, total: LOG_COUNT_CAP, totalCapped: true } : page;
}
