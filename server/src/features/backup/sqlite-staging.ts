import { sql } from 'drizzle-orm';
import { existsSync, linkSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { integrityCheckProblems, openSqliteStore } from '../../db/sqlite-store';
import { openSqliteThread } from '../../db/sqlite-thread';
import { crashPoint } from './crash-points';
import { foldWriteAheadLog, retireEarlierSessions } from './sqlite-files';
import { InvalidBackupError } from './reader';
import type { Db } from '../../db/store';
import type { StagingDatabase } from './staging';

/**
 * A staging SQLite file in the restore's work folder (same file system as the live one: the swap
 * is renames). Built by the real migrations, then loaded, indexed and checked on a connection in
 * a worker thread: at a million items those statements take seconds (integrity_check alone ~4 s),
 * which on the event loop would leave every request unanswered.
 */
export async function sqliteStaging(liveFile: string, workDir: string): Promise<StagingDatabase> {
  const stagedFile = join(workDir, 'wishwell.db');
  const migrated = openSqliteStore(stagedFile); // an empty file takes the migrations in milliseconds
  await migrated.close();
  const staged = await openSqliteThread(stagedFile);
  const { db } = staged;
  return {
    store: { tables: migrated.tables, transaction: staged.transaction },
    load: (load) => loadWithoutLookupIndexes(db, load),
    async prove() {
      const problems = await integrityCheckProblems(db);
      const orphans = await db.all(sql`PRAGMA foreign_key_check`);
      if (problems.length > 0 || orphans.length > 0) throw new InvalidBackupError('backupIntegrity');
    },
    async close() {
      try {
        // One self-contained file to rename in: everything out of the write-ahead log.
        await db.run(sql`PRAGMA wal_checkpoint(TRUNCATE)`);
        await db.run(sql`PRAGMA journal_mode = DELETE`);
      } finally {
        await staged.close();
      }
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
async function loadWithoutLookupIndexes(db: Db, load: () => Promise<void>): Promise<void> {
  await db.run(sql.raw(`PRAGMA cache_size = -${LOAD_CACHE_KIB}`));
  await db.run(sql`PRAGMA journal_mode = DELETE`);
  await db.run(sql`PRAGMA synchronous = FULL`);
  const lookupIndexes = await db.all<[string, string]>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE %'`,
  );
  for (const [name] of lookupIndexes) await db.run(sql`DROP INDEX ${sql.identifier(name)}`);
  await load();
  for (const [, definition] of lookupIndexes) await db.run(sql.raw(definition));
}

