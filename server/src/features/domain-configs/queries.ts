import { asc, eq } from 'drizzle-orm';
import type { DataStore, Row } from '../../db/store';

export type DomainConfigRow = Row<'domainConfigs'>;
type DomainConfigValues = Omit<DomainConfigRow, 'id' | 'createdAt' | 'updatedAt'>;

/** Every read and write of domain configurations; the rules (hostnames, defaults, the cache) are the service's. */
export class DomainConfigQueries {
  constructor(private readonly store: DataStore) {}

  private get table() {
    return this.store.tables.domainConfigs;
  }

  all(): Promise<DomainConfigRow[]> {
    return this.store.db.select().from(this.table).orderBy(asc(this.table.hostname));
  }

  async byHostname(hostname: string): Promise<DomainConfigRow | undefined> {
    return (await this.store.db.select().from(this.table).where(eq(this.table.hostname, hostname)))[0];
  }

  /** Adds a config; with `keepExisting`, a hostname that already has one keeps it (and nothing is answered). */
  async insert(id: string, values: DomainConfigValues, now: Date, keepExisting = false): Promise<DomainConfigRow | undefined> {
    const insert = this.store.db.insert(this.table).values({ id, ...values, createdAt: now, updatedAt: now });
    return (await (keepExisting ? insert.onConflictDoNothing() : insert).returning())[0];
  }

  async update(id: string, values: DomainConfigValues, now: Date): Promise<DomainConfigRow | undefined> {
    return (await this.store.db.update(this.table).set({ ...values, updatedAt: now }).where(eq(this.table.id, id)).returning())[0];
  }

  /** Whether a config of that id was there to delete. */
  async delete(id: string): Promise<boolean> {
    return (await this.store.db.delete(this.table).where(eq(this.table.id, id)).returning({ id: this.table.id })).length > 0;
  }
}
