import { sql } from 'drizzle-orm';
import type { DataStore, Row } from '../../db/store';

/** A row of the settings table: a name and its value as JSON. */
export type NamedValue = Pick<Row<'instanceSettings'>, 'name' | 'value'>;

/** The reads and writes of the instance settings table; which rows are settings, and what they may hold, is the service's. */
export class InstanceSettingsQueries {
  constructor(private readonly store: DataStore) {}

  private get table() {
    return this.store.tables.instanceSettings;
  }

  all(): Promise<NamedValue[]> {
    return this.store.db.select({ name: this.table.name, value: this.table.value }).from(this.table);
  }

  /** Writes each row (new or replacing the value of that name), all in one transaction. */
  save(rows: NamedValue[], now: Date): Promise<void> {
    const table = this.table;
    return this.store.transaction(async (tx) => {
      for (const row of rows) {
        await tx
          .insert(table)
          .values({ ...row, updatedAt: now })
          .onConflictDoUpdate({ target: table.name, set: { value: sql`excluded.value`, updatedAt: now } });
      }
    });
  }
}
