import * as client from 'openid-client';
import type { OidcSettings } from '../../config';

/** Why a round trip with the provider did not give us a person. */
export type OidcFailureReason = 'unavailable' | 'failed';

export class OidcFailure extends Error {
  constructor(
    readonly reason: OidcFailureReason,
    cause: unknown,
  ) {
    super(`OpenID Connect sign-in ${reason}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** What the browser keeps (sealed) between leaving for the provider and coming back. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The person as the provider vouches for them (ID token, completed from userinfo). */
export interface OidcPerson {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  groups: string[];
  /** The ID token itself: kept with the session as the hint for signing out at the provider. */
  idToken: string;
}

/** A session's sign-in at the provider, enough to end it there. */
export interface ProviderSession {
  issuer: string;
  idToken: string;
}

/** A provider that takes longer than this is treated as down (the user gets the message). */
const PROVIDER_TIMEOUT_MS = 10_000;

/**
 * One OpenID Connect provider through openid-client: discovery (cached once it succeeded),
 * the authorization URL (code flow, PKCE S256, state, nonce) and the code exchange, where the
 * library checks state, PKCE, the ID token's signature, issuer, audience, expiry and nonce.
 */
export class OidcProvider {
  private configuration: Promise<client.Configuration> | null = null;

  constructor(private readonly settings: OidcSettings) {}

  get label(): string {
    return this.settings.buttonLabel;
  }

  async authorizationUrl(redirectUri: string): Promise<{ url: string; checks: AuthorizationChecks }> {
    const config = await this.discover();
    const checks: AuthorizationChecks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      redirectUri,
    };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url: url.href, checks };
  }

  /** Exchanges the code the provider sent back (`search`: the callback's query string). */
  async person(search: string, checks: AuthorizationChecks): Promise<OidcPerson> {
    const config = await this.discover();
    const tokens = await guarded(() =>
      client.authorizationCodeGrant(config, new URL(checks.redirectUri + search), {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      }),
    );
    const idToken = tokens.claims()!;
    const claims: Record<string, unknown> = { ...(await this.userInfo(config, tokens.access_token, idToken.sub)), ...idToken };
    const email = typeof claims.email === 'string' ? claims.email : null;
    const groups = claims[this.settings.groupsClaim];
    return {
      issuer: config.serverMetadata().issuer,
      subject: idToken.sub,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      name: firstText(claims.name, claims.preferred_username, claims.nickname),
      groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
      idToken: tokens.id_token!,
    };
  }

  /**
   * Where the browser goes to sign out at the provider too (RP-initiated logout, with the ID
   * token as hint and our client_id), coming back to `returnTo`; null when the provider
   * advertises no end_session_endpoint or the session was opened at another issuer.
   */
  async endSessionUrl(session: ProviderSession, returnTo: string): Promise<string | null> {
    const config = await this.discover();
    const metadata = config.serverMetadata();
    if (!metadata.end_session_endpoint || metadata.issuer !== session.issuer) return null;
    return client.buildEndSessionUrl(config, { id_token_hint: session.idToken, post_logout_redirect_uri: returnTo }).href;
  }

  /** Claims some providers keep out of the ID token (Authelia, Keycloak by setting); the ID token's win. */
  private async userInfo(config: client.Configuration, accessToken: string, subject: string): Promise<Record<string, unknown>> {
    if (!config.serverMetadata().userinfo_endpoint) return {};
    return { ...(await guarded(() => client.fetchUserInfo(config, accessToken, subject))) };
  }

  private discover(): Promise<client.Configuration> {
    this.configuration ??= guarded(() =>
      client.discovery(new URL(this.settings.issuer), this.settings.clientId, this.settings.clientSecret ?? undefined, this.clientAuthentication(), {
        [client.customFetch]: (url, options) => fetch(url, { ...options, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) } as RequestInit),
        // The operator chose an http:// issuer (a provider on the same private network): allow it.
        execute: this.settings.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [],
      }),
    ).catch((error: unknown) => {
      this.configuration = null; // try again on the next sign-in
      throw error;
    });
    return this.configuration;
  }

  private clientAuthentication(): client.ClientAuth {
    return this.settings.clientSecret ? client.ClientSecretBasic(this.settings.clientSecret) : client.None();
  }
}

/** Runs a provider call, sorting failures into "the provider did not answer" and "the answer was refused". */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new OidcFailure(providerDidNotAnswer(error) ? 'unavailable' : 'failed', error);
  }
}

function providerDidNotAnswer(error: unknown): boolean {
  if (error instanceof client.AuthorizationResponseError || error instanceof client.ResponseBodyError) return false;
  if (error instanceof client.ClientError) {
    // A proxy's 502 page or similar: the provider is not answering as a provider.
    return error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON';
  }
  return true; // connection refused, DNS, timeout
}

function firstText(...values: unknown[]): string | null {
  for (const value of values) if (typeof value === 'string' && value.trim()) return value.trim();
  return null;
}
