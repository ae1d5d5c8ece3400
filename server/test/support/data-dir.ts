import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** SHA-256 of every file in a data dir's uploads folder, by name. */
export function uploadHashes(dataDir: string): Record<string, string> {
  const dir = join(dataDir, 'uploads');
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).map((name) => [name, createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')]));
}
