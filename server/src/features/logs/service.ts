import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { LOG_COUNT_CAP, type EmailLogEntry, type LogPage, type LogQuery, type VisitorLogEntry } from '@wishwell/shared/admin-types';
import type { ScrapeLogEntry, ScrapeOutcome } from '@wishwell/shared/scrape-types';
import type { DataStore, TableColumn, Tables } from '../../db/store';
import { pgUnindexed } from './unindexed.pg';
import { sqliteUnindexed } from './unindexed.sqlite';
import { invalid, part } from '../../domain/errors';
import { readPage, textFilter, type PageWindow } from '../../db/paging';

const DAY_MS = 24 * 60 * 60 * 1000;

function dateBound(value: string | undefined, label: 'from' | 'to'): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid('logDate', { label: part(label) });
  return date;
}

/** The date range filter: from the start of `from` up to the end of `to` (a bare date means the whole day). */
function dateRange(column: TableColumn, query: LogQuery): SQL[] {
  const from = dateBound(query.from, 'from');
  const to = dateBound(query.to, 'to');
  const bounds: SQL[] = [];
  if (from) bounds.push(gte(column, from));
  if (to) bounds.push(lt(column, new Date(to.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(query.to!) ? DAY_MS : 1))));
  return bounds;
}

type LogTable = Tables['scrapeLogs'] | Tables['emailLogs'] | Tables['visitorLogs'];

/** A scrape that found the page but not all of it (no title: the user completes the details) logs its gap as `error`. */
const scrapeOutcome = (log: { success: boolean; error: string | null }): ScrapeOutcome => (!log.success ? 'failed' : log.error ? 'partial' : 'success');

/** The admin logs (scrape attempts, mails, page views): newest first, one page at a time, filtered in SQL. */
export class LogService {
  constructor(private readonly store: DataStore) {}

  private get db() {
    return this.store.db;
  }

  async scrape(query: LogQuery): Promise<LogPage<ScrapeLogEntry>> {
    const { scrapeLogs, users } = this.store.tables;
    const where = and(
      ...textFilter(this.store.dialect, [scrapeLogs.sourceUrl, scrapeLogs.ipAddress], query.q),
      ...(query.status ? [eq(scrapeLogs.success, query.status === 'success')] : []),
      ...dateRange(scrapeLogs.createdAt, query),
    );
    return this.page(query, scrapeLogs, where, async (window) => {
      const rows = await this.db
        .select({ log: scrapeLogs, userName: users.name })
        .from(scrapeLogs)
        .leftJoin(users, eq(users.id, scrapeLogs.requestedById))
        .where(where)
        .orderBy(desc(scrapeLogs.createdAt), desc(scrapeLogs.id))
        .limit(window.pageSize)
        .offset(window.offset);
      return rows.map(({ log, userName }) => ({
        _id: log.id,
        createdAt: log.createdAt.toISOString(),
        sourceUrl: log.sourceUrl,
        success: log.success,
        outcome: scrapeOutcome(log),
        durationMs: log.durationMs,
        requestedBy: log.requestedById && userName !== null ? { _id: log.requestedById, name: userName } : null,
        ipAddress: log.ipAddress,
        strategy: log.strategy,
        error: log.error,
      }));
    });
  }

  async email(query: LogQuery): Promise<LogPage<EmailLogEntry>> {
    const { emailLogs, users } = this.store.tables;
    const success = eq(emailLogs.status, 'Success');
    const where = and(
      ...textFilter(this.store.dialect, [emailLogs.recipient, emailLogs.subject], query.q),
      ...(query.status ? [query.status === 'success' ? success : sql`NOT (${success})`] : []),
      ...dateRange(emailLogs.createdAt, query),
    );
    return this.page(query, emailLogs, where, async (window) => {
      const rows = await this.db
        .select({ log: emailLogs, userName: users.name })
        .from(emailLogs)
        .leftJoin(users, eq(users.id, emailLogs.sentById))
        .where(where)
        .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
        .limit(window.pageSize)
        .offset(window.offset);
      return rows.map(({ log, userName }) => ({
        _id: log.id,
        createdAt: log.createdAt.toISOString(),
        recipient: log.recipient,
        subject: log.subject,
        sentBy: log.sentById && userName !== null ? { _id: log.sentById, name: userName } : null,
        status: log.status,
      }));
    });
  }

  /**
   * The visitor log. A text search matches the domain, place or user agent of a view (a substring,
   * looked up in the small visitor_profiles table) or its whole IP address, so the log itself is
   * read through indexes: a rare term costs a few lookups, not a pass over every row.
   */
  async visitors(query: LogQuery): Promise<LogPage<VisitorLogEntry>> {
    if (query.status) throw invalid('visitorLogStatus');
    const { visitorLogs } = this.store.tables;
    const dates = dateRange(visitorLogs.createdAt, query);
    const text = query.q?.trim();
    if (!text) return this.page(query, visitorLogs, and(...dates), (window) => this.visitorEntries(and(...dates), window));
    const indexed = and(this.visitorMatch(text, (column) => sql`${column}`), ...dates);
    const total = await this.cappedCount(visitorLogs, indexed);
    // Many matches: walking the log newest first finds a page soonest. Few: the indexes find them all, then they are sorted.
    const where = total > LOG_COUNT_CAP ? and(this.visitorMatch(text, this.store.engine === 'sqlite' ? sqliteUnindexed : pgUnindexed), ...dates) : indexed;
    return capped(await readPage(query, (window) => this.visitorEntries(where, window), async () => [{ total }]));
  }

  /** Views whose profile contains `text` or whose address is `text`; `column` may keep an index from serving the match. */
  private visitorMatch(text: string, column: (column: TableColumn) => SQL): SQL {
    const { visitorLogs, visitorProfiles } = this.store.tables;
    const profiles = this.db
      .select({ id: visitorProfiles.id })
      .from(visitorProfiles)
      .where(and(...textFilter(this.store.dialect, [visitorProfiles.domain, visitorProfiles.city, visitorProfiles.country, visitorProfiles.userAgent], text)));
    const addresses = [...new Set([text, text.toLowerCase()])];
    return or(inArray(column(visitorLogs.profileId), profiles), inArray(column(visitorLogs.ipAddress), addresses))!;
  }

  private async visitorEntries(where: SQL | undefined, window: PageWindow): Promise<VisitorLogEntry[]> {
    const { visitorLogs, visitorProfiles } = this.store.tables;
    const rows = await this.db
      .select({ log: visitorLogs, profile: visitorProfiles })
      .from(visitorLogs)
      // LEFT JOIN keeps the log the outer loop on SQLite (its planner never reorders one), so the
      // page walks the log's date index; an inner join would read every row of a profile, then sort.
      .leftJoin(visitorProfiles, eq(visitorProfiles.id, visitorLogs.profileId))
      .where(where)
      .orderBy(desc(visitorLogs.createdAt), desc(visitorLogs.id))
      .limit(window.pageSize)
      .offset(window.offset);
    return rows.map(({ log, profile }) => ({
      _id: log.id,
      createdAt: log.createdAt.toISOString(),
      domain: profile?.domain ?? '',
      city: profile?.city ?? '',
      country: profile?.country ?? '',
      ipAddress: log.ipAddress,
      userAgent: profile?.userAgent ?? '',
      views: log.views,
    }));
  }

  /**
   * One page of a log: the entries `fetchPage` reads for the page's window, and how many rows
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

/** A page whose count went past LOG_COUNT_CAP says so instead. */
function capped<Entry>(page: LogPage<Entry>): LogPage<Entry> {
  return page.total > LOG_COUNT_CAP ? { ...page, total: LOG_COUNT_CAP, totalCapped: true } : page;
}
