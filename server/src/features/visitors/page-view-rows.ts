/**
 * The rows of the visitor log, made on its own thread (page-view-rows-thread.ts): where each
 * address is (GeoIP), which profile a view names, the row ids and the statements' JSON. On the
 * request thread this cost as much as 3 µs per view of a flood from new addresses, a tenth of
 * what the share page itself costs there.
 */
import { BoundedMap, boundedMemo } from '../../bounded-memo';
import { newTimeOrderedId } from '../../ids';
import type { GeoIp } from './geo-ip';
import { visitorProfileRow } from './visitor-profile';

/** Profiles known to be written, remembered up to this many (then forgotten and written again). */
const KNOWN_PROFILES_MAX = 10_000;
/** Origins (scheme and Host header) whose hostname is remembered. */
const KNOWN_ORIGINS_MAX = 1_000;

/**
 * A visitor's page views of one batch as the request thread keeps them: [ms since 1970 of the
 * first, origin (scheme and Host header), address, user agent, how many]. One visitor_logs row.
 */
export type PageViews = [at: number, origin: string, ip: string, userAgent: string, views: number];

/**
 * The parameters of a batch's statements, each a JSON array of rows: the new profiles
 * ([id, domain, city, country, user agent]; null when every one is written already), the views
 * ([id, ms, profile id, address, views]) and each address's latest visit ([address, ms]).
 */
export interface PageViewRowsJson {
  profiles: string | null;
  views: string;
  addresses: string;
}

export class PageViewRows {
  /** The visitor_profiles rows written (or handed out to be written), by their values. */
  private readonly knownProfiles = new BoundedMap<string, string>(KNOWN_PROFILES_MAX);
  private readonly hostnameOf = boundedMemo(KNOWN_ORIGINS_MAX, (origin) => new URL(origin).hostname);

  constructor(private readonly geoIp: GeoIp) {}

  /** The rows of `views`; the profiles they name count as written from now on (see forgetProfiles). */
  make(views: PageViews[]): PageViewRowsJson {
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
    const latestVisit = new Map(views.map(([at, , ip]) => [ip, at]));
    return {
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
