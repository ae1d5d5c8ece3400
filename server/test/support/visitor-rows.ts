import { eq } from 'drizzle-orm';
import type { DataStore } from '../../src/db/store';
import { visitorProfileRow } from '../../src/db/visitor-profile';

/** A page view as a test seeds it straight into the visitor log. */
export interface SeededView {
  id?: string;
  createdAt: Date;
  domain: string;
  ipAddress: string;
  city?: string;
  country?: string;
  userAgent?: string;
}

/** Writes `views` into the log as the server's writer stores them: each one's profile, then its row. */
export async function insertViews(store: DataStore, views: SeededView[]): Promise<void> {
  const { visitorLogs, visitorProfiles } = store.tables;
  const rows = views.map((view) => {
    const profile = visitorProfileRow({ domain: view.domain, city: view.city ?? '', country: view.country ?? '', userAgent: view.userAgent ?? '' });
    return { profile, log: { id: view.id ?? crypto.randomUUID(), createdAt: view.createdAt, profileId: profile.id, ipAddress: view.ipAddress } };
  });
  const profiles = new Map(rows.map(({ profile }) => [profile.id, profile]));
  // One transaction, as the writer's: the server's pruning removes profiles no row names yet.
  await store.transaction(async (tx) => {
    await tx.insert(visitorProfiles).values([...profiles.values()]).onConflictDoNothing();
    for (let at = 0; at < rows.length; at += 1_000) await tx.insert(visitorLogs).values(rows.slice(at, at + 1_000).map(({ log }) => log));
  });
}

/** Every row of the log with its profile's values, as the admin page shows them. */
export async function readViews(store: DataStore): Promise<(SeededView & { id: string })[]> {
  const { visitorLogs, visitorProfiles } = store.tables;
  const rows = await store.db.select({ log: visitorLogs, profile: visitorProfiles }).from(visitorLogs).innerJoin(visitorProfiles, eq(visitorProfiles.id, visitorLogs.profileId));
  return rows.map(({ log, profile }) => ({ id: log.id, createdAt: log.createdAt, ipAddress: log.ipAddress, domain: profile.domain, city: profile.city, country: profile.country, userAgent: profile.userAgent }));
}
