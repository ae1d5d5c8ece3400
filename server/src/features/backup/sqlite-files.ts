import { Database } from 'bun:sqlite';
import { existsSync } from 'node:fs';
import { SESSIONS_RETIRED_BELOW } from '../../auth/retired-sessions';

// The swap works on the SQLite files themselves, with the live store closed: plain bun:sqlite here.

/** Checkpoints the write-ahead log into the database file and empties it; refuses when a connection holds it. */
export function foldWriteAheadLog(file: string): void {
  const db = new Database(file);
  try {
    const result = db.query<{ busy: number }, []>('PRAGMA wal_checkpoint(TRUNCATE)').get();
    if (result && result.busy !== 0) throw new Error(`${file} is in use by another process: stop it, then restore.`);
  } finally {
    db.close();
  }
}

/**
 * Every session issued before the restore stops working (the backup may predate a sign-out): each
 * restored account's token version moves past the highest one live now. Run with the live store
 * closed, so no session can be issued between reading and swapping. The version is noted
 * (auth/retired-sessions.ts), so those sessions' next request hears why they ended.
 */
export function retireEarlierSessions(liveFile: string, stagedFile: string): void {
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
    staged.run(
      'INSERT INTO instance_settings (name, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
      [SESSIONS_RETIRED_BELOW, String(liveMax + 1), Date.now()],
    );
  } finally {
    staged.close();
  }
}
