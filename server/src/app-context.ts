import type { Config } from './config';
import type { DatabaseHandle } from './db/open';
import type { TokenSigner } from './auth/tokens';

/** What every feature is built from: created once at start and passed down explicitly. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  tokens: TokenSigner;
  version: string;
  /** The hostname whose domain config answers for localhost and unknown hosts. */
  defaultHostname: string;
}
