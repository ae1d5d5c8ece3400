import { dateOf, type Clock, type Timer } from '../../clock';
import { VISITOR_CROWD_ADDRESS, VISITOR_LOG_CROWD_AFTER } from '@wishwell/shared/admin-types';
import { eq, inArray, lt, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { rawStatement } from '../../db/raw-statement';
import type { DataStore, TableColumn } from '../../db/store';
import { batchRowsOf } from './batch-rows';
import { logEvent } from '../../log';
import type { Scheduler } from '../../scheduler';
import { PageViewRing, visitorText } from './page-view-ring';
import type { PageViewRowsJson } from './page-view-rows';
import { PageViewRowsThread } from './page-view-rows-thread';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/**
 * Bytes of page views waiting to be made into rows (page-view-ring.ts): a take's entries (its
 * VISITOR_LOG_CROWD_AFTER visitors' first views and repeats, ~200 bytes each with real browsers'
 * user agents) are about a fortieth of it. Beyond it (the writes fell behind, the database
 * stalled) views are dropped and counted.
 */
const RING_BYTES = 4 * 1024 * 1024;
/**
 * Domains whose crowd (the views of visitors past VISITOR_LOG_CROWD_AFTER in a take) is counted
 * at once: the Host header is the client's to write, so a flood naming a new one every view keeps
 * no more of its strings than these (its further views are dropped and counted).
 */
const CROWD_DOMAINS_MAX = 100;
/** How long a page view waits for others to be taken (made into rows, written) with it. */
const TAKE_AFTER_MS = 1000;
/** Rows one pruning statement removes (then other queries get their turn). */
const PRUNE_BATCH = 5_000;
const USER_AGENT_MAX = 512;
/**
 * Visitors one address may add to a take (a household or an office behind one address, each
 * browser its own row). Beyond it, views of its further browsers are counted on its first: a
 * client sending a new user agent with every request adds 20 rows a take, not 250.
 */
const MAX_VISITORS_PER_ADDRESS = 20;

/**
 * A visitor (address, domain and browser) queued in the current take, whose further views until
 * the take are counted here. An address's visitors are a chain from its first.
 */
interface QueuedVisitor {
  origin: string;
  userAgent: string;
  /** Views since the queued one. */
  repeats: number;
  next: QueuedVisitor | null;
}

export interface PageViewLogOptions {
  /** VISITOR_LOG: off records nothing (old rows are still pruned). */
  enabled: boolean;
  /** VISITOR_LOG_DAYS: rows older than this are removed. */
  keepDays: number;
  /** The GeoLite2 City databases (see geo-ip.ts); none means no locations. */
  geoIpFiles: string[];
}

/**
 * A page answered (`page`, an HTML page: SitePages tells) is a view of the public site when it was
 * read: a GET answered with the page or "not modified", not the admin console. (Not the answer's
 * content type: reading a Response's headers makes Bun build them as an object, for every page.)
 */
function isPublicPageView(request: Request, path: string, page: Response): boolean {
  if (request.method !== 'GET' || (page.status !== 200 && page.status !== 304)) return false;
  return path !== '/admin' && !path.startsWith('/admin/');
}

/**
 * The writes of a batch, assembled once: each statement takes all its rows in one parameter, a
 * JSON array of arrays, so the statement's SQL is assembled once, not per batch size (Drizzle
 * builds a multi-row INSERT's SQL anew each time, and one statement per row multiplies the
 * database's work). They run off the request thread.
 */
function batchWrites({ db, engine, tables: { visitorLogs, visitorAddresses, visitorProfiles } }: DataStore) {
  const batch = batchRowsOf(engine);
  const rows = batch.rows(sql.placeholder('rows'));
  const text = (index: number) => batch.field(index, 'text');
  const time = (index: number) => batch.field(index, 'timestamp');
  return {
    /** Rows [id, domain, city, country, user agent]; a profile another writer (a replica) wrote meanwhile is left as it is. (WHERE true: SQLite's grammar needs one before an INSERT ... SELECT's ON CONFLICT.) */
    insertProfiles: rawStatement(
      db.insert(visitorProfiles).select(sql`SELECT ${text(0)}, ${text(1)}, ${text(2)}, ${text(3)}, ${text(4)} FROM ${rows} WHERE true`).onConflictDoNothing(),
    ),
    /** Rows [id, ms, profile id, address, views]. */
    insertViews: rawStatement(db.insert(visitorLogs).select(sql`SELECT ${text(0)}, ${time(1)}, ${text(2)}, ${text(3)}, ${batch.field(4, 'integer')} FROM ${rows}`)),
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
 * The visitor log's writer. Page views are queued as they come, as bytes in a ring shared with
 * the rows thread (page-view-ring.ts: nothing parsed or looked up), and taken about a second
 * later, so no page waits on the database or GeoIP. A visitor's further views until then are only
 * counted here (same address, browser and domain: a reload flood is a row a second, not
 * thousands, in the log and in the work of writing it), an address's further browsers past
 * MAX_VISITORS_PER_ADDRESS on its first. A take holds at most
 * VISITOR_LOG_CROWD_AFTER visitors; the views of further ones until it are counted per domain, as
 * its crowd: a row with no address or browser. So a flood from new addresses costs the pages a
 * lookup per view and the log at most that many rows a second, not a row per view (a 2-core
 * server wrote 25,000 a second and lost a fifth of its share page's requests to it). The rows
 * thread makes the rows (page-view-rows.ts); they are written off the request thread too (the
 * store's writeOffThread). A failed write is logged, never shown to the visitor. Rows older than
 * the kept period are pruned hourly.
 */
export class PageViewLog {
  private ring: PageViewRing | null = null;
  /**
   * The visitors queued in this take, by address. Looked up by address and compared, not by one
   * "origin, address, user agent" key: such a key would be a new string built and hashed whole
   * on the request thread for every view.
   */
  private queued = new Map<string, QueuedVisitor>();
  private queuedVisitors = 0;
  /** Views of the visitors past VISITOR_LOG_CROWD_AFTER, by origin, until the take. */
  private crowds = new Map<string, number>();
  private timer: Timer | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  private rowsThread: PageViewRowsThread | null = null;
  private readonly writes;

  constructor(
    private readonly store: DataStore,
    private readonly clock: Clock,
    private readonly options: PageViewLogOptions,
  ) {
    this.writes = batchWrites(store);
  }

  /**
   * Called with every page the site answers (the app shell and the server-rendered pages; never
   * files, API answers): when it is a page view, counts it on its visitor's repeats or its
   * domain's crowd, or queues it, parsing nothing.
   */
  record(request: Request, path: string, http: { ip: string; origin: string }, page: Response): void {
    if (!this.options.enabled || !isPublicPageView(request, path, page)) return;
    const { origin, ip } = http;
    const userAgent = (request.headers.get('user-agent') ?? '').slice(0, USER_AGENT_MAX);
    const first = this.queued.get(ip);
    let sameAddress = 0;
    for (let visitor: QueuedVisitor | null = first ?? null; visitor; visitor = visitor.next, sameAddress += 1) {
      if (visitor.userAgent === userAgent && visitor.origin === origin) {
        visitor.repeats += 1;
        return;
      }
    }
    if (first && sameAddress >= MAX_VISITORS_PER_ADDRESS) first.repeats += 1;
    else if (this.queuedVisitors >= VISITOR_LOG_CROWD_AFTER) this.countInCrowd(origin);
    else this.queue(origin, ip, userAgent, first);
  }

  /** Queues a visitor's first view in this take (`first`: its address's first visitor in it, if any). */
  private queue(origin: string, ip: string, userAgent: string, first: QueuedVisitor | undefined): void {
    this.ring ??= PageViewRing.create(RING_BYTES);
    if (this.ring.push(this.clock.now(), visitorText(origin, ip, userAgent), 1)) {
      const visitor: QueuedVisitor = { origin, userAgent, repeats: 0, next: first?.next ?? null };
      if (first) first.next = visitor;
      else this.queued.set(ip, visitor);
      this.queuedVisitors += 1;
    } else this.dropped += 1;
    this.timer ??= this.clock.after(TAKE_AFTER_MS, () => this.flush());
  }

  /** (The take's timer runs already: VISITOR_LOG_CROWD_AFTER views were queued since the last.) */
  private countInCrowd(origin: string): void {
    const views = this.crowds.get(origin);
    if (views !== undefined) this.crowds.set(origin, views + 1);
    else if (this.crowds.size < CROWD_DOMAINS_MAX) this.crowds.set(origin, 1);
    else this.dropped += 1;
  }

  /** Writes what is queued now (also before the store closes); resolves once it is written. */
  flush(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
    this.queueCounted();
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  /**
   * Queues the views counted here since the last take: the repeats of each visitor and each
   * domain's crowd (VISITOR_CROWD_ADDRESS and no browser, see page-view-rows.ts), as views at this time.
   */
  private queueCounted(): void {
    const { ring, queued, crowds } = this;
    if (!ring) return;
    const now = this.clock.now();
    const push = (text: string, views: number) => {
      if (views > 0 && !ring.push(now, text, views)) this.dropped += views;
    };
    for (const [ip, first] of queued) {
      for (let visitor: QueuedVisitor | null = first; visitor; visitor = visitor.next) push(visitorText(visitor.origin, ip, visitor.userAgent), visitor.repeats);
    }
    for (const [origin, views] of crowds) push(visitorText(origin, VISITOR_CROWD_ADDRESS, ''), views);
    if (queued.size > 0) this.queued = new Map();
    this.queuedVisitors = 0;
    if (crowds.size > 0) this.crowds = new Map();
  }

  /** Writes what is queued, then ends the rows thread (the store is closing). */
  async close(): Promise<void> {
    await this.flush();
    this.rowsThread?.close();
  }

  /**
   * Removes the rows older than the kept period, the addresses not seen since and the profiles no
   * row names any more. Queued behind the writes, so none names a profile removed under it.
   */
  prune(now = dateOf(this.clock)): Promise<void> {
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
    this.rowsThread?.forgetProfiles();
  }

  /**
   * Deletes the rows of `key`'s table that `expired` matches, PRUNE_BATCH per statement: a day's
   * expiry of a busy log (or the first pruning of a large one) would otherwise hold the database
   * for seconds in one statement while pages and the admin wait.
   */
  private async deleteInBatches(key: TableColumn, expired: SQL): Promise<void> {
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
      .where(ne(visitorLogs.ipAddress, VISITOR_CROWD_ADDRESS))
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

  /** Writes the views queued until now, their rows made on the rows thread, a transaction per batch. */
  private async write(): Promise<void> {
    if (this.ring && this.ring.usedBytes > 0) await this.writeQueued(this.ring);
    if (this.dropped > 0) {
      logEvent({ event: 'visitor-log.dropped', level: 'warn', dropped: this.dropped });
      this.dropped = 0;
    }
  }

  private async writeQueued(ring: PageViewRing): Promise<void> {
    let batches: PageViewRowsJson[] = [];
    let written = 0;
    try {
      if (!this.rowsThread?.alive) this.rowsThread = new PageViewRowsThread(this.options.geoIpFiles, ring.buffer);
      batches = await this.rowsThread.take();
      for (const batch of batches) {
        await this.insert(batch);
        written += 1;
      }
    } catch (error) {
      // The batch's new profiles may not be written: the next batch writes them again (a no-op on a thread that died).
      this.rowsThread?.forgetProfiles();
      const lost = batches.slice(written).reduce((views, batch) => views + batch.viewCount, 0);
      logEvent({ event: 'visitor-log.write-failed', level: 'error', lost, error });
    }
  }

  /** One transaction: a batch's new profiles, its views, its addresses' latest visit. */
  private async insert({ profiles, views, addresses }: PageViewRowsJson): Promise<void> {
    const { insertProfiles, insertViews, seeAddresses } = this.writes;
    await this.store.writeOffThread([
      ...(profiles ? [insertProfiles({ rows: profiles })] : []),
      insertViews({ rows: views }),
      seeAddresses({ rows: addresses }),
    ]);
  }
}
