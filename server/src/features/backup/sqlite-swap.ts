import { Database } from 'bun:sqlite';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UPLOADS_PREFIX } from './manifest';
import type { RestoreTarget } from './restore';

// The swap works on the SQLite files themselves, with the live store closed: plain bun:sqlite here.

/**
 * Every session issued before the restore stops working (the backup may predate a sign-out): each
 * restored account's token version moves past the highest one live now. Run with the live store
 * closed, so no session can be issued between reading and swapping.
 */
function retireEarlierSessions(liveFile: string, stagedFile: string): void {
  let liveMax = 0;
  if (existsSync(liveFile)) {
    const live = new Database(liveFile, { readonly: true });
    try {
      liveMax = live.query<{ highest: number | null }, []>('SELECT max(token_version) AS highest FROM users').get()?.highest ?? 0;
    } finally {
      live.close();
    }
  }
  const staged = new Database(stagedFile);
  try {
    staged.run('UPDATE users SET token_version = ?', [liveMax + 1]);
  } finally {
    staged.close();
  }
}

/** The swap itself: renames only, on one file system, with the live store closed. */
export async function swapIn(target: RestoreTarget, workDir: string): Promise<void> {
  retireEarlierSessions(target.databaseFile, join(workDir, 'wishwell.db'));
  const keep = join(target.dataDir, `pre-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(keep);
  // Stale -wal/-shm beside the new file would replay the old data into it: move them out with the old database.
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(target.databaseFile + suffix)) renameSync(target.databaseFile + suffix, join(keep, `wishwell.db${suffix}`));
  }
  const uploads = join(target.dataDir, 'uploads');
  if (existsSync(uploads)) renameSync(uploads, join(keep, 'uploads'));
  renameSync(join(workDir, 'wishwell.db'), target.databaseFile);
  const restoredUploads = join(workDir, 'unpacked', UPLOADS_PREFIX);
  if (existsSync(restoredUploads) && readdirSync(restoredUploads).length > 0) renameSync(restoredUploads, uploads);
  else mkdirSync(uploads);
  rmSync(workDir, { recursive: true, force: true });
}
