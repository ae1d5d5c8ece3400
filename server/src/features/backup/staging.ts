import type { Config } from '../../config';
import { databaseFile } from '../../db/open-store';
import type { DataStore } from '../../db/store';
import type { FileStorage } from '../../storage/file-storage';
import { openFileStorage } from '../../storage/open-storage';

/** The live database a restore replaces: the SQLite file, or the PostgreSQL database's URL. */
export type LiveDatabase = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string };

/** The database the config runs on. */
export function liveDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): LiveDatabase {
  return config.databaseUrl ? { engine: 'postgres', url: config.databaseUrl } : { engine: 'sqlite', file: databaseFile(config.dataDir) };
}

/** What a restore replaces and how much of the replaced data it keeps. */
export interface RestoreTarget {
  dataDir: string;
  database: LiveDatabase;
  /** Where the uploads live (the data dir's folder or a bucket). */
  files: FileStorage;
  schemaVersion: number;
  /** Replaced data sets to keep (RESTORE_KEEP); older ones are removed after a restore. */
  keepReplaced: number;
}

/** The restore target of an instance's settings, for commands (the server passes its own storage). */
export function restoreTargetOf(settings: Pick<Config, 'dataDir' | 'databaseUrl' | 'storageUrl' | 'restoreKeep'>, schemaVersion: number): RestoreTarget {
  return { dataDir: settings.dataDir, database: liveDatabase(settings), files: openFileStorage(settings), schemaVersion, keepReplaced: settings.restoreKeep };
}

export type StagingStore = Pick<DataStore, 'tables' | 'transaction'>;

/**
 * A fresh database built by the real migrations beside the live one (a file in the restore's
 * work folder, or a staging schema), which a restore loads, proves and swaps in.
 */
export interface StagingDatabase {
  /** What the load writes through: the tables and a transaction on the staging database. */
  store: StagingStore;
  /** Runs `load`, which inserts the backup's rows, the way the engine loads many rows fastest. */
  load(load: () => Promise<void>): Promise<void>;
  /** The engine's own soundness checks on the loaded data. */
  prove(): Promise<void>;
  /** Closes the store, leaving the data ready to swap in. */
  close(): Promise<void>;
  /**
   * Puts the staged data in place of the live data (run with the live store closed), which is
   * kept (in `keepDir`, or a schema named after it); every session issued before stops working.
   */
  swapIn(keepDir: string): Promise<void>;
  /** Removes the staged data (a restore that stops before the swap). */
  drop(): Promise<void>;
}
