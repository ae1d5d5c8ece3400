import type { EmailLogEntry, LogPage, LogQuery, VisitorLogEntry } from '@wishwell/shared/admin-types';
import type { ScrapeLogEntry, ScrapeOutcome } from '@wishwell/shared/scrape-types';
import type { DataStore } from '../../db/store';
import { invalid, part } from '../../domain/errors';
import { LogQueries, type LogRange, type VisitorRow } from './queries';

const DAY_MS = 24 * 60 * 60 * 1000;

function dateBound(value: string | undefined, label: 'from' | 'to'): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid('logDate', { label: part(label) });
  return date;
}

/** The date range filter: from the start of `from` up to the end of `to` (a bare date means the whole day). */
function rangeOf(query: LogQuery): LogRange {
  const from = dateBound(query.from, 'from');
  const to = dateBound(query.to, 'to');
  return { from, until: to && new Date(to.getTime() + (/^\d{4}-\d{2}-\d{2}$/.test(query.to!) ? DAY_MS : 1)) };
}

/** A scrape that found the page but not all of it (no title: the user completes the details) logs its gap as `error`. */
const scrapeOutcome = (log: { success: boolean; error: string | null }): ScrapeOutcome => (!log.success ? 'failed' : log.error ? 'partial' : 'success');

/** The account a log row names, while it exists. */
const accountOf = (id: string | null, name: string | null) => (id && name !== null ? { _id: id, name } : null);

const entriesOf = <Row, Entry>(page: LogPage<Row>, toEntry: (row: Row) => Entry): LogPage<Entry> => ({ ...page, entries: page.entries.map(toEntry) });

/** The admin logs (scrape attempts, mails, page views): newest first, one page at a time. */
export class LogService {
  private readonly queries: LogQueries;

  constructor(store: DataStore) {
    this.queries = new LogQueries(store);
  }

  async scrape(query: LogQuery): Promise<LogPage<ScrapeLogEntry>> {
    return entriesOf(await this.queries.scrape(query, rangeOf(query)), ({ log, userName }) => ({
      _id: log.id,
      createdAt: log.createdAt.toISOString(),
      sourceUrl: log.sourceUrl,
      success: log.success,
      outcome: scrapeOutcome(log),
      durationMs: log.durationMs,
      requestedBy: accountOf(log.requestedById, userName),
      ipAddress: log.ipAddress,
      strategy: log.strategy,
      error: log.error,
    }));
  }

  async email(query: LogQuery): Promise<LogPage<EmailLogEntry>> {
    return entriesOf(await this.queries.email(query, rangeOf(query)), ({ log, userName }) => ({
      _id: log.id,
      createdAt: log.createdAt.toISOString(),
      recipient: log.recipient,
      subject: log.subject,
      sentBy: accountOf(log.sentById, userName),
      status: log.status,
    }));
  }

  async visitors(query: LogQuery): Promise<LogPage<VisitorLogEntry>> {
    if (query.status) throw invalid('visitorLogStatus');
    return entriesOf(await this.queries.visitors(query, rangeOf(query)), toVisitorEntry);
  }
}

function toVisitorEntry({ log, profile }: VisitorRow): VisitorLogEntry {
  return {
    _id: log.id,
    createdAt: log.createdAt.toISOString(),
    domain: profile?.domain ?? '',
    city: profile?.city ?? '',
    country: profile?.country ?? '',
    ipAddress: log.ipAddress,
    userAgent: profile?.userAgent ?? '',
    views: log.views,
  };
}
