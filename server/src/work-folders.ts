import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from './server-pid';

// Backups, restores, uploaded backup files and migrations work in hidden folders of the data dir
// (same file system as the live data, so swaps are renames). Each is named after the process
// that made it, so what a crashed process left behind can be told apart and removed.

export type WorkKind = 'backup' | 'restore' | 'upload' | 'migrate';

const WORK_FOLDER = /^\.(backup|restore|upload|migrate)-(\d+)-/;

/** A fresh `.{kind}-{pid}-XXXXXX` folder in the data dir. */
export function makeWorkFolder(dataDir: string, kind: WorkKind): string {
  return mkdtempSync(join(dataDir, `.${kind}-${process.pid}-`));
}

/** Removes the work folders of processes that are gone (a crash, a kill -9); answers their names. */
export function removeAbandonedWorkFolders(dataDir: string): string[] {
  const abandoned = readdirSync(dataDir).filter((name) => {
    const pid = Number(name.match(WORK_FOLDER)?.[2] ?? 0);
    return pid > 0 && !isAlive(pid);
  });
  for (const name of abandoned) rmSync(join(dataDir, name), { recursive: true, force: true });
  return abandoned;
}
