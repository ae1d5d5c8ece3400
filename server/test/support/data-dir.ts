import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** SHA-256 of every file in a data dir's uploads folder, by name. */
export function uploadHashes(dataDir: string): Record<string, string> {
  const dir = join(dataDir, 'uploads');
  if (!existsSync(dir)) return {};
  return Object.fromEntries(readdirSync(dir).map((name) => [name, createHash('sha256').update(readFileSync(join(dir, name))).digest('hex')]));
}

/** A maker of fresh temporary folders named `{prefix}…`, all removed after the test file. */
export function temporaryFolders(prefix: string): () => string {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
}
