import type { Clock } from '../../clock';
import type { Config, OidcSettings } from '../../config';
import type { DataStore } from '../../db/store';
import { RateLimiter } from '../../limits/rate-limit';
import type { UserService } from '../users/service';
import { hostnameOf } from '../../mail/link-origin';
import { logEvent } from '../../log';
import { OidcProvider } from './provider';
import { OidcSessions } from './sessions';
import { OidcAccounts } from './service';

/** Sign-in through one OpenID Connect provider. */
export interface OidcSignIn {
  provider: OidcProvider;
  accounts: OidcAccounts;
}

/**
 * The providers of this server: a hostname listed in OIDC_PROVIDERS_FILE uses its own, every
 * other one the OIDC_* provider (or none).
 */
export class OidcSignIns {
  /** Round trips started or finished per client IP (each costs calls to the provider). */
  readonly attemptsPerIp: RateLimiter;
  private readonly sessions: OidcSessions;
  private readonly fallback: OidcSignIn | null;
  private readonly byHostname: Map<string, OidcSignIn>;

  constructor(config: Config, store: DataStore, users: UserService, clock: Clock) {
    this.sessions = new OidcSessions(store, clock);
    const signIn = (settings: OidcSettings): OidcSignIn => ({ provider: new OidcProvider(settings), accounts: new OidcAccounts(store, users, settings, this.sessions) });
    this.fallback = config.oidc ? signIn(config.oidc) : null;
    this.byHostname = new Map([...config.oidcByHostname].map(([hostname, settings]) => [hostname, signIn(settings)]));
    this.attemptsPerIp = new RateLimiter({ limit: config.rateLimits.loginPerIp, windowMs: 15 * 60_000, text: 'tooManySignIns', scope: 'identity provider round trips' }, clock);
  }

  /** The provider for a request's hostname, or null when it has none. */
  forHostname(hostname: string): OidcSignIn | null {
    return this.byHostname.get(hostname) ?? this.fallback;
  }

  /**
   * Signing out of a session opened through a provider: where to send the browser so the
   * provider's session ends too (back to `origin`/), or null to sign out here only (a password
   * session, a provider without end_session_endpoint, or one that does not answer).
   */
  async signOutUrl(userId: string, sessionToken: string, origin: string): Promise<string | null> {
    const session = await this.sessions.forget(sessionToken, userId);
    const oidc = session && this.forHostname(hostnameOf(origin));
    if (!session || !oidc) return null;
    try {
      return await oidc.provider.endSessionUrl(session, `${origin}/`);
    } catch (error) {
      logEvent({ event: 'logout', method: 'oidc', outcome: 'local-only', userId, detail: error instanceof Error ? error.message : String(error) });
      return null;
    }
  }
}
