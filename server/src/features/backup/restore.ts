import { count } from 'drizzle-orm';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { makeWorkFolder } from '../../work-folders';
import { join } from 'node:path';
import { isConstraintViolation } from '../../db/errors';
import type { DataStore } from '../../db/store';
import { tableEntry, UPLOADS_PREFIX, type BackupManifest } from './manifest';
import { bulkInserter } from './bulk-insert';
import { linesOf } from './ndjson';
import { crashPoint } from './crash-points';
import { insertOldVisitorProfiles, upgradeOldRows } from './old-backups';
import { dropOlderKeptSchemas, postgresStaging } from './pg-staging';
import { InvalidBackupError, unpackBackup } from './reader';
import { sqliteStaging } from './sqlite-staging';
import type { RestoreTarget, StagingDatabase, StagingStore } from './staging';
import { rowCheckOf, type RowCheck } from './row-checks';
import { decodeRow, reviveDates, tablesInForeignKeyOrder, type BackupTable } from './tables';
import { addRestoredUploads, removeOlderKeptUploads, removeReplacedUploads } from './uploads';

/** Rows read before they are inserted (bulkInserter splits them into statements). */
const INSERT_BATCH = 1000;

/** A backup unpacked, checked and loaded into a staging database beside the live one, ready to swap in. */
export interface StagedRestore {
  manifest: BackupManifest;
  /** Moves the live data to data/pre-restore-{timestamp}/ (PostgreSQL: a schema of that name) and the staged data in. Run with the store closed. */
  swap(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Unpacks `file` (or its byte range), checks it, loads it into a fresh database built by the real
 * migrations, and proves that database sound (row counts, foreign keys, the engine's checks).
 * Nothing live is touched until `swap()`; any failure leaves the live data as it was.
 */
export async function stageRestore(target: RestoreTarget, file: string, range?: { start: number; end: number }, onProgress?: (step: string) => void): Promise<StagedRestore> {
  const workDir = makeWorkFolder(target.dataDir, 'restore');
  let staging: StagingDatabase | undefined;
  const discard = async () => {
    await staging?.drop();
    await rm(workDir, { recursive: true, force: true }); // off the event loop: the unpacked rows and staged file are large
  };
  try {
    const unpacked = join(workDir, 'unpacked');
    mkdirSync(unpacked);
    const manifest = await unpackBackup(file, unpacked, target.schemaVersion, range);
    onProgress?.('archive checked');
    const database = await (target.database.engine === 'sqlite' ? sqliteStaging(target.database.file, workDir) : postgresStaging(target.database.url));
    staging = database;
    try {
      await database.load(() => loadTables(database.store, unpacked, manifest, onProgress));
      await database.prove();
    } finally {
      await database.close();
    }
    return { manifest, discard, swap: () => swapIn(target, database, join(unpacked, UPLOADS_PREFIX), workDir) };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * The swap itself, with the live store closed, in an order a crash at any point cannot break:
 * the restored uploads are added first (the live database finds its files either way), then the
 * database is swapped in one atomic step (a rename; a transaction on PostgreSQL), then the
 * uploads only the replaced data used are removed (kept in the pre-restore folder). After a
 * crash the data is the old or the new, whole; leftover files are unused and the uploads
 * clean-up removes them. Then older kept data sets beyond RESTORE_KEEP go.
 */
async function swapIn(target: RestoreTarget, staging: StagingDatabase, restoredUploads: string, workDir: string): Promise<void> {
  const keepDir = join(target.dataDir, `${KEPT_PREFIX}${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(keepDir);
  const restored = await addRestoredUploads(target.files, restoredUploads, keepDir);
  await staging.swapIn(keepDir);
  await removeReplacedUploads(target.files, restored);
  crashPoint('uploads-pruned');
  await rm(workDir, { recursive: true, force: true });
  await removeOlderKept(target);
}

const KEPT_PREFIX = 'pre-restore-';

/** Keeps the newest RESTORE_KEEP replaced data sets (their names sort by time). */
async function removeOlderKept(target: RestoreTarget): Promise<void> {
  const kept = readdirSync(target.dataDir).filter((name) => name.startsWith(KEPT_PREFIX)).sort().reverse();
  for (const old of kept.slice(target.keepReplaced)) rmSync(join(target.dataDir, old), { recursive: true, force: true });
  await removeOlderKeptUploads(target.files, KEPT_PREFIX, target.keepReplaced);
  if (target.database.engine === 'postgres') await dropOlderKeptSchemas(target.database.url, target.keepReplaced);
}

async function loadTables(store: StagingStore, dir: string, manifest: BackupManifest, onProgress?: (step: string) => void): Promise<void> {
  const known = new Map(tablesInForeignKeyOrder(store.tables).map((table) => [table.name, table]));
  for (const { name } of manifest.tables) if (!known.has(name)) throw new InvalidBackupError('backupUnknownTable', { name });
  await store.transaction(async (tx) => {
    for (const table of known.values()) {
      const rows = await loadTable(tx, store, table, join(dir, tableEntry(table.name)));
      const expected = manifest.tables.find((entry) => entry.name === table.name)?.rows ?? 0;
      const [stored] = await tx.select({ rows: count() }).from(table.table);
      if (rows !== expected || stored?.rows !== expected) throw new InvalidBackupError('backupRowCount', { table: table.name, rows, expected });
      onProgress?.(`${table.name}: ${rows} rows`);
    }
    await upgradeOldRows(tx, store.tables, manifest, join(dir, tableEntry('items')));
  });
}

/** The row of line number `line`, refused (naming the line and column) unless it passes the check. */
function checkedRow(text: string, line: number, table: BackupTable, check: RowCheck): Record<string, unknown> {
  let row: Record<string, unknown>;
  try {
    row = decodeRow(text, table);
  } catch {
    throw new InvalidBackupError('backupBadLine', { table: table.name });
  }
  const problem = check(row);
  if (problem) throw new InvalidBackupError('backupBadValue', { table: table.name, line, column: problem.column, detail: problem.detail });
  return reviveDates(row, table);
}

/**
 * Inserts one table's NDJSON file in batches; answers the number of rows read. One batch is
 * written while the next is decoded: on SQLite the writing happens on the staging thread, so the
 * two overlap (on PostgreSQL, in the database server).
 */
async function loadTable(tx: DataStore['db'], store: StagingStore, table: BackupTable, path: string): Promise<number> {
  if (!existsSync(path)) return 0;
  const insert = bulkInserter(tx, table);
  const write = async (rows: Record<string, unknown>[]) => {
    try {
      await insertOldVisitorProfiles(tx, store.tables, table.name, rows);
      await insert(rows);
    } catch (error) {
      if (isConstraintViolation(error)) throw new InvalidBackupError('backupBrokenRows', { table: table.name });
      throw error;
    }
  };
  const check = rowCheckOf(table.name);
  let rows = 0;
  let line = 0;
  let batch: Record<string, unknown>[] = [];
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    await writing; // its failure ends the load here
    if (batch.length === 0) return;
    writing = write(batch);
    writing.catch(() => undefined); // awaited by the next flush; a bad line met meanwhile ends the load first
    batch = [];
  };
  try {
    for await (const lines of linesOf(path)) {
      for (const text of lines) {
        line++;
        if (!text) continue;
        batch.push(checkedRow(text, line, table, check));
        rows++;
        if (batch.length >= INSERT_BATCH) await flush();
      }
    }
    await flush();
    await writing;
  } finally {
    await writing.catch(() => undefined); // a load that fails sends nothing more after its rollback
  }
  return rows;
}
