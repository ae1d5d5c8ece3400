import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataStore } from '../db/store';
import { newSecret } from '../ids';

/**
 * The secret sessions are signed with: JWT_SECRET if set; else the one every replica on the
 * database shares (PostgreSQL; the first replica to start stores its data dir's, so sessions
 * signed before carry on); else one generated on first start and kept in the data dir (mode 600).
 */
export async function loadJwtSecret(configured: string | null, dataDir: string, store: DataStore): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
  const shared = await store.sharedSecret('jwt', kept ?? newSecret());
  if (shared) return shared;
  if (kept) return kept;
  const secret = newSecret();
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
