import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** A person at the test provider: the claims it vouches for. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface TestOidcProvider {
  /** The issuer URL, for OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who signs in at the provider's login step next (every round trip until changed). */
  signInAs(account: ProviderAccount): void;
  /** How many times the login step ran (a round trip with a live provider session skips it). */
  readonly logins: number;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the provider's issuer URL must be known before the server that uses it starts). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ProviderOptions {
  /** Advertise end_session_endpoint (RP-initiated logout, back to `{appUrl}/`); on unless false. */
  endSession?: boolean;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) in the test process, with one
 * confidential client whose redirect URI is `{appUrl}/api/v1/users/oidc/callback`. Its login
 * step signs in whoever `signInAs` named, with no form; consent is granted for what was asked.
 */
export async function startOidcProvider(appUrl: string, port?: number, options: ProviderOptions = {}): Promise<TestOidcProvider> {
  const listenPort = port ?? (await freePort());
  const issuer = `http://127.0.0.1:${listenPort}`;
  const clientId = 'wishwell';
  const clientSecret = 'a-client-secret-for-tests-only';
  const accounts = new Map<string, ProviderAccount>();
  let current: ProviderAccount | null = null;
  let logins = 0;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${appUrl}/api/v1/users/oidc/callback`],
        post_logout_redirect_uris: [`${appUrl}/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: 'test' }] },
    cookies: { keys: ['a-cookie-key-for-tests-only'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    // Claims in the ID token, as many providers send them; userinfo answers them too.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: options.endSession !== false } },
    ttl: { Session: 3600, Grant: 3600, Interaction: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
    // Consent is implied: a grant for exactly what the request asked.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope(String(ctx.oidc.params!.scope));
      await grant.save();
      return grant;
    },
  });
  const handle = provider.callback();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      const person = current;
      if (!person) {
        res.writeHead(500).end('the test named nobody to sign in');
        return;
      }
      accounts.set(person.sub, person);
      logins++;
      provider.interactionFinished(req, res, { login: { accountId: person.sub } }, { mergeWithLastSubmission: false }).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      current = account;
    },
    get logins() {
      return logins;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
