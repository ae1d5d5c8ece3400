import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newSecret } from '../ids';

/** JWT_SECRET if set, else a secret generated on first start and kept in the data dir (mode 600). */
export function loadJwtSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = newSecret();
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
