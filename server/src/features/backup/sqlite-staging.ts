import { sql } from 'drizzle-orm';
import { existsSync, linkSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openSqliteStore } from '../../db/sqlite-store';
import { crashPoint } from './crash-points';
import { foldWriteAheadLog, retireEarlierSessions } from './sqlite-files';
import { InvalidBackupError } from './reader';
import type { DataStore } from '../../db/store';
import type { StagingDatabase } from './staging';

/** A staging SQLite file in the restore's work folder (same file system as the live one: the swap is renames). */
export function sqliteStaging(liveFile: string, workDir: string): StagingDatabase {
  const stagedFile = join(workDir, 'wishwell.db');
  const store = openSqliteStore(stagedFile);
  return {
    store,
    load: (load) => loadWithoutLookupIndexes(store, load),
    async prove() {
      const problems = (await store.db.all<Record<string, string>>(sql`PRAGMA integrity_check`)).map((row) => Object.values(row)[0]);
      const orphans = await store.db.all(sql`PRAGMA foreign_key_check`);
      if (problems.length !== 1 || problems[0] !== 'ok' || orphans.length > 0) throw new InvalidBackupError('The restored database fails its integrity check: the backup is damaged.');
    },
    async close() {
      // One self-contained file to rename in: everything out of the write-ahead log.
      await store.db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
      await store.db.run(sql`PRAGMA journal_mode = DELETE`);
  await store.db.run(sql`PRAGMA synchronous = FULL`);
      await store.close();
    },
    async swapIn(keepDir) {
      retireEarlierSessions(liveFile, stagedFile);
      if (existsSync(liveFile)) {
        // The old file alone holds the whole old database; a stale -wal beside the new file would replay old pages into it.
        foldWriteAheadLog(liveFile);
        for (const suffix of ['-wal', '-shm']) rmSync(liveFile + suffix, { force: true });
        linkSync(liveFile, join(keepDir, 'wishwell.db'));
      }
      crashPoint('database-out');
      renameSync(stagedFile, liveFile); // atomic: the old database or the new one is in place, never neither
      crashPoint('database-in');
    },
    async drop() {}, // the work folder goes with it
  };
}

/** Page cache of the staging connection while it loads (KiB): the default 2 MB made a million rows' index inserts read pages again and again. */
const LOAD_CACHE_KIB = 128 * 1024;

/**
 * Runs `load` on the fresh staging file with its lookup indexes (the ones that enforce nothing:
 * not unique, not a key) dropped, then builds them from the loaded rows: one sort each instead
 * of a B-tree insert per row per index. The load writes straight into the file (a rollback
 * journal: the file starts empty, so it holds next to nothing) instead of through the
 * write-ahead log, which close() would copy over again; synchronous FULL, so the commit has
 * the file on disk before the swap renames it in.
 */
async function loadWithoutLookupIndexes(store: DataStore, load: () => Promise<void>): Promise<void> {
  await store.db.run(sql.raw(`PRAGMA cache_size = -${LOAD_CACHE_KIB}`));
  await store.db.run(sql`PRAGMA journal_mode = DELETE`);
  await store.db.run(sql`PRAGMA synchronous = FULL`);
  const lookupIndexes = await store.db.all<[string, string]>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE %'`,
  );
  for (const [name] of lookupIndexes) await store.db.run(sql`DROP INDEX ${sql.identifier(name)}`);
  await load();
  for (const [, definition] of lookupIndexes) await store.db.run(sql.raw(definition));
}

