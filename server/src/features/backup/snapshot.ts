import { Database } from 'bun:sqlite';
import { rmSync } from 'node:fs';
import { openSqliteStore } from '../../db/sqlite-store';
import type { DataStore } from '../../db/store';

/**
 * A consistent copy of the live SQLite database, taken with `VACUUM INTO` on a second, read-only
 * connection (never a copy of the live file and its write-ahead log), opened as a store of its
 * own. The live store's connection stays free for requests. Removed by `close()`.
 */
export async function sqliteSnapshot(liveFile: string, snapshotFile: string): Promise<{ store: DataStore; close(): Promise<void> }> {
  const reader = new Database(liveFile, { readonly: true });
  try {
    reader.run('VACUUM INTO ?', [snapshotFile]);
  } finally {
    reader.close();
  }
  const store = openSqliteStore(snapshotFile);
  return {
    store,
    async close() {
      await store.close();
      for (const suffix of ['', '-wal', '-shm']) rmSync(snapshotFile + suffix, { force: true });
    },
  };
}
