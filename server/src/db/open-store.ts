import { join } from 'node:path';
import type { Config } from '../config';
import { openPostgresStore } from './pg-store';
import { openSqliteStore } from './sqlite-store';
import type { DataStore } from './store';

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'wishwell.db');
}

/** How a store is opened: `quickCheck` false skips SQLite's damage check of the file (see openSqliteStore). */
export type StoreOpening = NonNullable<Parameters<typeof openSqliteStore>[1]>;

/** The store the config asks for: PostgreSQL when DATABASE_URL is set, else SQLite in the data dir. */
export function openStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>, opening: StoreOpening = {}): Promise<DataStore> {
  return config.databaseUrl ? openPostgresStore(config.databaseUrl) : Promise.resolve(openSqliteStore(databaseFile(config.dataDir), opening));
}
