import type { Clock } from './clock';
import type { Config } from './config';
import type { DatabaseHealth } from './db/health';
import type { DataStore } from './db/store';
import type { TokenSigner } from './auth/tokens';
import type { CookieSealer } from './auth/sealed-cookies';
import type { FileStorage } from './storage/file-storage';
import type { EventBus } from './events';

/** What a rebuild hands back: the fresh runtime's store and event bus. */
export interface RebuiltRuntime {
  store: DataStore;
  events: EventBus;
}

/** What every feature is built from: created once at start and passed down explicitly. */
export interface AppContext {
  config: Config;
  /** The time and the timers every feature reads (the system's; tests pass one they move themselves). */
  clock: Clock;
  store: DataStore;
  /** Uploaded files: the data dir's uploads folder or an S3-compatible bucket (STORAGE_URL). */
  files: FileStorage;
  /** Database failures seen by requests, for /health. */
  databaseHealth: DatabaseHealth;
  tokens: TokenSigner;
  /** Encrypts state the browser carries between requests (the OpenID Connect round trip). */
  sealer: CookieSealer;
  version: string;
  /** The hostname whose domain config answers for localhost and unknown hosts. */
  defaultHostname: string;
  /**
   * The running server's: finishes the requests under way, closes the store, runs `swap` (a
   * restore replacing the data) and builds store, services and app again. Absent in the CLI.
   */
  rebuild?: (swap: () => Promise<void>) => Promise<RebuiltRuntime>;
}
