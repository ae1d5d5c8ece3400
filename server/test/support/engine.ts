import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { SQL } from 'bun';
import { inject } from 'vitest';
import { databaseFile } from '../../src/db/open-store';
import type { Engine } from '../../src/db/store';

/** The engine this run of the API suite uses (vitest.config.ts runs it once per engine). */
export const TEST_ENGINE: Engine = process.env.WISHWELL_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

let admin: SQL | undefined;

/**
 * PostgreSQL runs: the database of a test server's data dir (one per data dir, so a server
 * restarted on the same dir finds its data again), created on first use: empty, or `migrated`, a
 * copy of the run's migrated template (see postgres-setup.ts), as test servers take. Null on SQLite.
 * Either is copied file by file (STRATEGY FILE_COPY): PostgreSQL's default writes every block of
 * the template through the write-ahead log, about twice the CPU for each of a run's hundreds of
 * databases (testing.md); the checkpoints FILE_COPY asks for cost little with fsync off.
 */
export async function testDatabaseUrl(dataDir: string, engine: Engine = TEST_ENGINE, migrated = false): Promise<string | null> {
  if (engine !== 'postgres') return null;
  const serverUrl = inject('postgresUrl');
  const name = `wishwell_${createHash('sha256').update(dataDir).digest('hex').slice(0, 20)}`;
  admin ??= new SQL(serverUrl, { max: 2 });
  const [exists] = await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`;
  if (!exists) await admin.unsafe(`CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${inject('postgresTemplate')}` : ''} STRATEGY FILE_COPY`);
  return serverUrl.replace(/\/[^/]*$/, `/${name}`);
}

/**
 * SQLite runs: a data dir without a database gets a copy of the run's migrated template file
 * (see sqlite-setup.ts), so its server starts without migrating. Runs without a template (the
 * PostgreSQL project starting a SQLite server) leave the dir to migrate at start, as before.
 */
export function copySqliteTemplate(dataDir: string): void {
  const template = inject('sqliteTemplate') as string | undefined;
  const file = databaseFile(dataDir);
  if (!template || existsSync(file)) return;
  mkdirSync(dataDir, { recursive: true });
  copyFileSync(template, file);
}

/** A data dir's database as a test server starts from: a copy of the run's migrated template on either engine. Answers DATABASE_URL or null. */
export async function migratedTestDatabase(dataDir: string, engine: Engine = TEST_ENGINE): Promise<string | null> {
  const databaseUrl = await testDatabaseUrl(dataDir, engine, true);
  if (engine === 'sqlite') copySqliteTemplate(dataDir);
  return databaseUrl;
}
