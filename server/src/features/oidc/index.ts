import type { Config } from '../../config';
import type { DataStore } from '../../db/store';
import { RateLimiter } from '../../http/rate-limit';
import type { UserService } from '../users/service';
import { OidcProvider } from './provider';
import { OidcAccounts } from './service';

/** Sign-in through the configured OpenID Connect provider (null when OIDC_ISSUER is not set). */
export interface OidcSignIn {
  provider: OidcProvider;
  accounts: OidcAccounts;
  /** Round trips started or finished per client IP (each costs calls to the provider). */
  attemptsPerIp: RateLimiter;
}

export function createOidcSignIn(config: Config, store: DataStore, users: UserService): OidcSignIn | null {
  if (!config.oidc) return null;
  return {
    provider: new OidcProvider(config.oidc),
    accounts: new OidcAccounts(store, users, config.oidc),
    attemptsPerIp: new RateLimiter({ limit: config.rateLimits.loginPerIp, windowMs: 15 * 60_000, message: 'Too many sign-in attempts.' }),
  };
}
