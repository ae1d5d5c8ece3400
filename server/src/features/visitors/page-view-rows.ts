/**
 * The rows of the visitor log, made on its own thread (page-view-rows-thread.ts) from the views
 * the request thread queued in the ring (page-view-ring.ts): a visitor's repeats counted on one
 * row, where each address is (GeoIP), which profile a view names, the row ids and the statements'
 * JSON. It runs off the request thread because in a flood from new addresses this work grows with
 * every view, and the pages must not pay for it.
 */
import { VISITOR_CROWD_ADDRESS } from '@wishwell/shared/admin-types';
import { BoundedMap, boundedMemo } from '../../bounded-memo';
import { newTimeOrderedId } from '../../ids';
import { hostnameOf } from '../../mail/link-origin';
import type { GeoIp } from './geo-ip';
import { visitorOf, type PageViewRing } from './page-view-ring';
import { visitorProfileRow } from '../../db/visitor-profile';

/** Profiles known to be written, remembered up to this many (then forgotten and written again). */
const KNOWN_PROFILES_MAX = 10_000;
/**
 * Origins (scheme and Host header) whose hostname is remembered. A Host that is no host (the
 * client's to write: `<x>`, `a b`, a port past 65535) has none: its views are logged with an
 * empty domain, and the take's other rows do not fail with it.
 */
const KNOWN_ORIGINS_MAX = 1_000;
/**
 * Rows a batch writes at most, in one transaction: between two, requests' database calls get their
 * turn (a flood's second is thousands).
 */
const ROWS_PER_BATCH = 1_000;
/**
 * A visitor's page views taken at once: [ms since 1970 of the first, origin (scheme and Host
 * header), address, user agent, how many]. One visitor_logs row. A domain's crowd (the views past
 * the take's VISITOR_LOG_CROWD_AFTER visitors, see page-views.ts) has VISITOR_CROWD_ADDRESS and no user agent.
 */
type PageViews = [at: number, origin: string, ip: string, userAgent: string, views: number];

/**
 * The rows of the views taken at once, in the order they came: a visitor's repeats (same origin,
 * address and user agent, also from several of the request thread's takes drained together) on
 * one row.
 */
class QueuedRows {
  private readonly byVisitor = new Map<string, PageViews>();

  /** Counts `views` views of `visitor` ("origin\naddress\nuser agent"), the first at `at`. */
  add(at: number, visitor: string, views: number): void {
    const row = this.byVisitor.get(visitor);
    if (row) {
      row[4] += views;
      return;
    }
    const [origin, ip, userAgent] = visitorOf(visitor);
    this.byVisitor.set(visitor, [at, origin, ip, userAgent, views]);
  }

  rows(): PageViews[] {
    return [...this.byVisitor.values()];
  }
}

/**
 * The parameters of a batch's statements, each a JSON array of rows: the new profiles
 * ([id, domain, city, country, user agent]; null when every one is written already), the views
 * ([id, ms, profile id, address, views]) and each address's latest visit ([address, ms]).
 */
export interface PageViewRowsJson {
  /** The page views the batch's rows count. */
  viewCount: number;
  profiles: string | null;
  views: string;
  addresses: string;
}

export class PageViewRows {
  /** The visitor_profiles rows written (or handed out to be written), by their values. */
  private readonly knownProfiles = new BoundedMap<string, string>(KNOWN_PROFILES_MAX);
  private readonly hostnameOf = boundedMemo(KNOWN_ORIGINS_MAX, hostnameOf);

  constructor(
    private readonly geoIp: GeoIp,
    private readonly ring: PageViewRing,
  ) {}

  /** The rows of the views queued in the ring, in batches of at most ROWS_PER_BATCH rows (none when the ring was empty). */
  take(): PageViewRowsJson[] {
    const queued = new QueuedRows();
    this.ring.drain((at, visitor, views) => queued.add(at, visitor, views));
    const rows = queued.rows();
    const batches: PageViewRowsJson[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_BATCH) batches.push(this.make(rows.slice(start, start + ROWS_PER_BATCH)));
    return batches;
  }

  /** The rows of `views`; the profiles they name count as written from now on (see forgetProfiles). */
  private make(views: PageViews[]): PageViewRowsJson {
    const newProfiles: string[][] = [];
    const rows = views.map(([at, origin, ip, userAgent, count]) => {
      const domain = this.hostnameOf(origin);
      const { city, country } = this.geoIp.locate(ip);
      const key = `${domain}\n${city}\n${country}\n${userAgent}`;
      let profileId = this.knownProfiles.get(key);
      if (profileId === undefined) {
        const profile = visitorProfileRow({ domain, city, country, userAgent });
        newProfiles.push([profile.id, domain, city, country, userAgent]);
        this.knownProfiles.set(key, profile.id);
        profileId = profile.id;
      }
      return [newTimeOrderedId(), at, profileId, ip, count];
    });
    const latestVisit = new Map(views.filter(([, , ip]) => ip !== VISITOR_CROWD_ADDRESS).map(([at, , ip]) => [ip, at]));
    return {
      viewCount: views.reduce((count, row) => count + row[4], 0),
      profiles: newProfiles.length > 0 ? JSON.stringify(newProfiles) : null,
      views: JSON.stringify(rows),
      addresses: JSON.stringify(Array.from(latestVisit)),
    };
  }

  /** Every profile is written again when next seen: after a failed write, or a pruning that may have removed some. */
  forgetProfiles(): void {
    this.knownProfiles.clear();
  }
}
