import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Every file operation of backup and restore on the uploads, in one place.

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');

/** The uploaded files a backup holds: every plain file of the uploads folder. */
export function uploadFiles(dataDir: string): { name: string; file: string }[] {
  const dir = uploadsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isFile())
    .map((name) => ({ name, file: join(dir, name) }));
}

/** Moves the live uploads into `keepDir` and the restored ones (a folder, maybe absent) in: renames on one file system. */
export function swapUploads(dataDir: string, keepDir: string, restoredDir: string): void {
  const live = uploadsDir(dataDir);
  if (existsSync(live)) renameSync(live, join(keepDir, 'uploads'));
  if (existsSync(restoredDir) && readdirSync(restoredDir).length > 0) renameSync(restoredDir, live);
  else mkdirSync(live);
}
