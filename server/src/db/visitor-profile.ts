import { createHash } from 'node:crypto';

/** What the visitor log keeps of a page view besides its time and address (one visitor_profiles row per distinct combination). */
export interface VisitorProfile {
  domain: string;
  city: string;
  country: string;
  userAgent: string;
}

/**
 * A profile's id: a hash of its values (128 bits, URL-safe), so the page-view writer, the
 * migration's backfill and a restore of an older backup all name the same profile alike,
 * without reading the table first. It lives with the schema because a migration's backfill
 * depends on it: changing it would orphan every profile already written.
 */
export function visitorProfileId(profile: VisitorProfile): string {
  return createHash('sha256')
    .update(JSON.stringify([profile.domain, profile.city, profile.country, profile.userAgent]))
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** The profile row of `profile`. */
export function visitorProfileRow(profile: VisitorProfile): VisitorProfile & { id: string } {
  return { id: visitorProfileId(profile), domain: profile.domain, city: profile.city, country: profile.country, userAgent: profile.userAgent };
}
