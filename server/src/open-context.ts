import { mkdirSync } from 'node:fs';
import type { AppContext } from './app-context';
import { loadJwtSecret } from './auth/secret';
import { createTokenSigner } from './auth/tokens';
import { createCookieSealer } from './auth/sealed-cookies';
import { systemClock, type Clock } from './clock';
import { defaultHostname, type Config } from './config';
import { DatabaseHealth } from './db/health';
import { openStore, type StoreOpening } from './db/open-store';
import { openFileStorage } from './storage/open-storage';
import pkg from '../../package.json';

export const VERSION: string = pkg.version;

/**
 * Opens the data dir and the database and builds the context every command works from.
 * Failures are explained in plain words (a read-only data dir, a full disk, a damaged database).
 */
export async function openContext(config: Config, opening: StoreOpening = {}, clock: Clock = systemClock): Promise<AppContext> {
  try {
    mkdirSync(config.dataDir, { recursive: true });
    const store = await openStore(config, opening);
    const secret = await loadJwtSecret(config.jwtSecret, config.dataDir, store).catch(async (error: unknown) => {
      await store.close();
      throw error;
    });
    const tokens = createTokenSigner(secret);
    return { config, clock, store, files: openFileStorage(config), tokens, sealer: createCookieSealer(secret), databaseHealth: new DatabaseHealth(), version: VERSION, defaultHostname: defaultHostname(config) };
  } catch (error) {
    throw inPlainWords(error, config.dataDir);
  }
}

function inPlainWords(error: unknown, dataDir: string): unknown {
  const code = (error as { code?: unknown })?.code;
  // SQLite's extended codes (SQLITE_READONLY_DIRECTORY, SQLITE_CANTOPEN_ISDIR, ...) as their primary one.
  const primary = typeof code === 'string' ? code.replace(/^(SQLITE_[A-Z]+)_.*$/, '$1') : code;
  const keep = 'Wishwell keeps its database, uploads and secret there and must be able to write them';
  switch (primary) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
      return new Error(
        `The data directory ${dataDir} or a file in it is read-only or not writable by the user running Wishwell (${code}). Nothing was changed: this is a matter of permissions, not a damaged database. ` +
          `${keep}: give that user write access to the folder and every file in it (chown or chmod), make sure its file system is not mounted read-only, or choose another folder with --data-dir (DATA_DIR).`,
      );
    case 'ENOTDIR':
    case 'EEXIST':
      return new Error(`The data directory ${dataDir} cannot be created: a file is in the way (${code}). Choose another folder with --data-dir (DATA_DIR).`);
    case 'ENOSPC':
    case 'SQLITE_FULL':
      return new Error(`The disk holding the data directory ${dataDir} is full (${code}). Free some space and start again.`);
    default:
      return error;
  }
}
