import { join } from 'node:path';
import type { FileStorage } from './file-storage';
import { LocalFileStorage } from './local-storage';
import { parseS3Url, S3FileStorage } from './s3-storage';

/** The storage STORAGE_URL names (an S3-compatible bucket), else the data dir's uploads folder. */
export function openFileStorage(options: { dataDir: string; storageUrl: string | null }, env: Record<string, string | undefined> = process.env): FileStorage {
  if (options.storageUrl) return new S3FileStorage(parseS3Url(options.storageUrl, env));
  return new LocalFileStorage(join(options.dataDir, 'uploads'));
}
