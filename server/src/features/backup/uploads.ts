import { existsSync, linkSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { FileStorage } from '../../storage/file-storage';
import { LocalFileStorage } from '../../storage/local-storage';
import { S3FileStorage } from '../../storage/s3-storage';
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
 * whichever database a crash leaves in place finds every file it refers to. The live files are
 * first kept with the replaced database: in the data dir linked into `keepDir/uploads`, in a
 * bucket copied into a folder named like keepDir beside them. Answers the restored names.
 */
export async function addRestoredUploads(files: FileStorage, restoredDir: string, keepDir: string): Promise<Set<string>> {
  const names = existsSync(restoredDir) ? readdirSync(restoredDir) : [];
  await keepLiveUploads(files, keepDir);
  crashPoint('uploads-kept');
  if (files instanceof LocalFileStorage) {
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

async function keepLiveUploads(files: FileStorage, keepDir: string): Promise<void> {
  if (files instanceof S3FileStorage) return files.keepCopies(basename(keepDir));
  if (!(files instanceof LocalFileStorage)) return;
  const kept = join(keepDir, 'uploads');
  mkdirSync(kept, { recursive: true });
  for await (const { key } of files.list()) linkSync(join(files.location, key), join(kept, key));
}

/**
 * After the database swap: removes from the data dir's uploads the files the restored data does
 * not hold (they are kept in the pre-restore folder). A bucket keeps them (besides the copy in
 * its pre-restore folder) until the uploads clean-up removes them as unused, after
 * UPLOAD_GRACE_HOURS: replicas still on the replaced data until they rebuild keep finding them.
 */
export async function removeReplacedUploads(files: FileStorage, restored: Set<string>): Promise<void> {
  if (!(files instanceof LocalFileStorage)) return;
  for await (const { key } of files.list()) if (!restored.has(key)) await files.delete(key);
}

/** A bucket's kept copies beyond the newest `keep` sets go with their pre-restore folders (see removeOlderKept). */
export async function removeOlderKeptUploads(files: FileStorage, keptPrefix: string, keep: number): Promise<void> {
  if (files instanceof S3FileStorage) await files.removeOlderCopies(keptPrefix, keep);
}
