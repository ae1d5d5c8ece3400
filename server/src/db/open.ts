import { Database } from 'bun:sqlite';
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import * as schema from './schema';
import { applyMigrations } from './migrate';

export type Db = BunSQLiteDatabase<typeof schema>;

export interface DatabaseHandle {
  sqlite: Database;
  db: Db;
  /** How many migrations the schema has (the schema version recorded in backups). */
  schemaVersion: number;
  close(): void;
}

/** Opens (creating if needed) the SQLite file, sets the pragmas and applies pending migrations. */
export function openDatabase(file: string): DatabaseHandle {
  mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file, { create: true, strict: true });
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  const schemaVersion = applyMigrations(sqlite);
  const db = drizzle(sqlite, { schema });
  return {
    sqlite,
    db,
    schemaVersion,
    close() {
      sqlite.exec('PRAGMA optimize');
      sqlite.close();
    },
  };
}
