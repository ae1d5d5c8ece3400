import { existsSync, linkSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { FileStorage } from '../../storage/file-storage';
import { LocalFileStorage } from '../../storage/local-storage';
import { storedImageType } from '../uploads/sniff';
import { crashPoint } from './crash-points';

// Every file operation of backup and restore on the uploads, in one place. Uploads go through
// FileStorage: the data dir's uploads folder, or an S3-compatible bucket.

/**
 * The uploaded files a backup holds, each as a local file to pack: the storage's own file in the
 * data dir, or a copy of the object fetched into `workDir` (a bucket).
 */
export async function* uploadFiles(files: FileStorage, workDir: string): AsyncGenerator<{ name: string; file: string }> {
  const local = files instanceof LocalFileStorage;
  if (!local) mkdirSync(workDir, { recursive: true });
  for await (const { key } of files.list()) {
    if (!storedImageType(key)) continue; // not an upload of ours (another tool's object in the bucket)
    if (local) {
      yield { name: key, file: join(files.location, key) };
      continue;
    }
    const stored = await files.get(key);
    if (!stored) continue; // removed meanwhile
    const file = join(workDir, key);
    await Bun.write(file, new Response(stored.body));
    yield { name: key, file };
  }
}

/**
 * Adds the restored uploads (a folder, maybe absent) to the storage before the database swap, so
 * whichever database a crash leaves in place finds every file it refers to. In the data dir the
 * live files are first linked into `keepDir/uploads` (kept with the replaced database), then each
 * restored file is renamed in. Answers the restored names.
 */
export async function addRestoredUploads(files: FileStorage, restoredDir: string, keepDir: string): Promise<Set<string>> {
  const names = existsSync(restoredDir) ? readdirSync(restoredDir) : [];
  if (files instanceof LocalFileStorage) {
    const kept = join(keepDir, 'uploads');
    mkdirSync(kept, { recursive: true });
    for await (const { key } of files.list()) linkSync(join(files.location, key), join(kept, key));
    crashPoint('uploads-kept');
    names.forEach((name, index) => {
      renameSync(join(restoredDir, name), join(files.location, name));
      if (index === 0) crashPoint('first-upload-in');
    });
  } else {
    for (const name of names) {
      await files.put(name, Bun.file(join(restoredDir, name)).stream(), { contentType: storedImageType(name) ?? 'application/octet-stream', maxBytes: Number.MAX_SAFE_INTEGER });
    }
  }
  crashPoint('uploads-in');
  return new Set(names);
}

/**
 * After the database swap: removes from the data dir's uploads the files the restored data does
 * not hold (they are kept in the pre-restore folder). A bucket keeps them until the uploads
 * clean-up removes them as unused, after UPLOAD_GRACE_HOURS.
 */
export async function removeReplacedUploads(files: FileStorage, restored: Set<string>): Promise<void> {
  if (!(files instanceof LocalFileStorage)) return;
  for await (const { key } of files.list()) if (!restored.has(key)) await files.delete(key);
}
