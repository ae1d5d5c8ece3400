import { sql } from 'drizzle-orm';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { swapIn } from './sqlite-swap';
import { createInterface } from 'node:readline';
import { openSqliteStore } from '../../db/sqlite-store';
import type { DataStore } from '../../db/store';
import { tableEntry, type BackupManifest } from './manifest';
import { InvalidBackupError, unpackBackup } from './reader';
import { decodeRow, tablesInForeignKeyOrder } from './tables';

const INSERT_BATCH = 200;

/** A backup unpacked, checked and loaded into a staging database beside the live one, ready to swap in. */
export interface StagedRestore {
  manifest: BackupManifest;
  /** Moves the live database and uploads to data/pre-restore-{timestamp}/ and the staged ones in. Run with the store closed. */
  swap(): Promise<void>;
  discard(): void;
}

export interface RestoreTarget {
  dataDir: string;
  databaseFile: string;
  schemaVersion: number;
}

/**
 * Unpacks `file` (or its byte range), checks it, loads it into a fresh database built by the real
 * migrations, and proves that database sound (row counts, foreign keys, integrity_check). Nothing
 * live is touched until `swap()`; any failure leaves the live data as it was.
 */
export async function stageRestore(target: RestoreTarget, file: string, range?: { start: number; end: number }, onProgress?: (step: string) => void): Promise<StagedRestore> {
  const workDir = mkdtempSync(join(target.dataDir, '.restore-'));
  const discard = () => rmSync(workDir, { recursive: true, force: true });
  try {
    const unpacked = join(workDir, 'unpacked');
    mkdirSync(unpacked);
    const manifest = await unpackBackup(file, unpacked, target.schemaVersion, range);
    onProgress?.('archive checked');
    const stagingFile = join(workDir, 'wishwell.db');
    const staging = openSqliteStore(stagingFile);
    try {
      await loadTables(staging, unpacked, manifest, onProgress);
      await proveSound(staging);
      // One self-contained file to rename in: everything out of the write-ahead log.
      await staging.db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
      await staging.db.run(sql`PRAGMA journal_mode = DELETE`);
    } finally {
      await staging.close();
    }
    return { manifest, discard, swap: () => swapIn(target, workDir) };
  } catch (error) {
    discard();
    throw error;
  }
}

async function loadTables(store: DataStore, dir: string, manifest: BackupManifest, onProgress?: (step: string) => void): Promise<void> {
  const known = new Map(tablesInForeignKeyOrder(store.tables).map((table) => [table.name, table]));
  for (const { name } of manifest.tables) if (!known.has(name)) throw new InvalidBackupError(`The backup holds a table this version does not know: ${name}.`);
  await store.transaction(async (tx) => {
    for (const table of known.values()) {
      const expected = manifest.tables.find((entry) => entry.name === table.name)?.rows ?? 0;
      const path = join(dir, tableEntry(table.name));
      let rows = 0;
      if (existsSync(path)) {
        let batch: Record<string, unknown>[] = [];
        const flush = async () => {
          if (batch.length) await tx.insert(table.table).values(batch);
          batch = [];
        };
        for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) {
          if (!line) continue;
          try {
            batch.push(decodeRow(line, table));
          } catch {
            throw new InvalidBackupError(`The backup's ${table.name} table has a line that is not a row.`);
          }
          rows++;
          if (batch.length >= INSERT_BATCH) await flush();
        }
        await flush();
      }
      if (rows !== expected) throw new InvalidBackupError(`The backup's ${table.name} table has ${rows} rows, its manifest says ${expected}.`);
      onProgress?.(`${table.name}: ${rows} rows`);
    }
  });
}

async function proveSound(store: DataStore): Promise<void> {
  const problems = (await store.db.all<{ integrity_check?: string }>(sql`PRAGMA integrity_check`)).map((row) => Object.values(row)[0]);
  const orphans = await store.db.all(sql`PRAGMA foreign_key_check`);
  if (problems.length !== 1 || problems[0] !== 'ok' || orphans.length > 0) throw new InvalidBackupError('The restored database fails its integrity check: the backup is damaged.');
}
