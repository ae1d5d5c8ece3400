import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DataStore, Row } from '../../db/store';

export type ScraperConfigRow = Row<'scraperConfigs'>;
type ScraperConfigValues = Omit<ScraperConfigRow, 'id' | 'createdAt' | 'updatedAt' | 'averageScrapeTimeMs' | 'scrapeCount'>;

/** Every read and write of per-shop scraper configs; the rules (domains, selectors) are the service's. */
export class ScraperConfigQueries {
  constructor(private readonly store: DataStore) {}

  private get table() {
    return this.store.tables.scraperConfigs;
  }

  all(): Promise<ScraperConfigRow[]> {
    return this.store.db.select().from(this.table).orderBy(asc(this.table.domain));
  }

  /** The configs of any of `domains`. */
  ofDomains(domains: string[]): Promise<ScraperConfigRow[]> {
    return this.store.db.select().from(this.table).where(inArray(this.table.domain, domains));
  }

  /** The id of the config kept for `domain`, if any. */
  async idOfDomain(domain: string): Promise<string | undefined> {
    return (await this.store.db.select({ id: this.table.id }).from(this.table).where(eq(this.table.domain, domain)))[0]?.id;
  }

  async insert(id: string, values: ScraperConfigValues, now: Date): Promise<ScraperConfigRow> {
    const [row] = await this.store.db.insert(this.table).values({ id, ...values, createdAt: now, updatedAt: now }).returning();
    return row!;
  }

  async update(id: string, values: ScraperConfigValues, now: Date): Promise<ScraperConfigRow | undefined> {
    return (await this.store.db.update(this.table).set({ ...values, updatedAt: now }).where(eq(this.table.id, id)).returning())[0];
  }

  /** Whether a config of that id was there to delete. */
  async delete(id: string): Promise<boolean> {
    return (await this.store.db.delete(this.table).where(eq(this.table.id, id)).returning({ id: this.table.id })).length > 0;
  }

  /** Folds one scrape's duration into the config's running average, in the database (two scrapes at once both count). */
  async addScrapeTime(id: string, durationMs: number): Promise<void> {
    const { averageScrapeTimeMs, scrapeCount } = this.table;
    await this.store.db
      .update(this.table)
      .set({
        averageScrapeTimeMs: sql`(coalesce(${averageScrapeTimeMs}, 0) * ${scrapeCount} + ${durationMs}) / (${scrapeCount} + 1)`,
        scrapeCount: sql`${scrapeCount} + 1`,
      })
      .where(eq(this.table.id, id));
  }
}
