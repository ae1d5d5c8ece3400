import { Database } from 'bun:sqlite';
import { SQL } from 'bun';
import { applyPostgresMigrations, applySqliteMigrations } from '../../src/db/migrate';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS, type Migration } from '../../src/db/migrations';
import { databaseFile } from '../../src/db/open-store';
import { TEST_ENGINE } from './engine';

/** A database of an older version, being filled: `run` takes `$1`-style parameters on both engines. */
export interface OldDatabase {
  run(sql: string, params?: unknown[]): Promise<void>;
  /** A moment as this engine's timestamp columns take it (milliseconds on SQLite, a Date on PostgreSQL). */
  time(ms: number): number | Date;
}

/** The migrations before the one whose name ends with `_${name}`. */
function migrationsBefore(migrations: Migration[], name: string): Migration[] {
  const at = migrations.findIndex((migration) => migration.name.endsWith(`_${name}`));
  if (at < 1) throw new Error(`No migration named ${name} after the first`);
  return migrations.slice(0, at);
}

/**
 * Builds the database of the run's engine as a version without migration `upgrade` left it (the
 * SQLite file in `dataDir`, or the PostgreSQL database at `databaseUrl`), then lets `fill` write
 * that version's rows; a server started on it afterwards applies the upgrade.
 */
export async function createOldDatabase(dataDir: string, databaseUrl: string | null, upgrade: string, fill: (db: OldDatabase) => Promise<void>): Promise<void> {
  if (TEST_ENGINE === 'sqlite') {
    const sqlite = new Database(databaseFile(dataDir), { create: true });
    try {
      applySqliteMigrations(sqlite, migrationsBefore(SQLITE_MIGRATIONS, upgrade));
      await fill({ run: async (sql, params = []) => void sqlite.query(sql).run(...(params as never[])), time: (ms) => ms });
    } finally {
      sqlite.close();
    }
    return;
  }
  const client = new SQL(databaseUrl!, { max: 1 });
  try {
    await applyPostgresMigrations(client, 'public', migrationsBefore(PG_MIGRATIONS, upgrade));
    await fill({ run: async (sql, params = []) => void (await client.unsafe(sql, params)), time: (ms) => new Date(ms) });
  } finally {
    await client.close();
  }
}
