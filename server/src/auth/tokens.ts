import { jwt } from '@elysiajs/jwt';

export const SESSION_TTL_SECONDS = 30 * 24 * 3600;

export interface SessionClaims {
  sub: string;
  ver: number;
}

export interface TokenSigner {
  sign(claims: SessionClaims): Promise<string>;
  verify(token: string): Promise<SessionClaims | null>;
}

/** How many verified tokens to remember; past it the oldest half is dropped. */
const VERIFIED_CACHE_SIZE = 10_000;

interface VerifiedToken {
  claims: SessionClaims;
  expiresAtMs: number;
}

/**
 * Session tokens: HS256 JWTs carrying the user id and the user's token version. A verified
 * signature is remembered until the token expires, so a signed-in request skips the HMAC; the
 * caller still checks the account's token version and state on every request (revocation).
 */
export function createTokenSigner(secret: string): TokenSigner {
  const plugin = jwt({ name: 'jwt', secret, exp: `${SESSION_TTL_SECONDS}s` });
  const { jwt: signer } = plugin.decorator;
  const verified = new Map<string, VerifiedToken>();

  const remember = (token: string, entry: VerifiedToken) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      let drop = VERIFIED_CACHE_SIZE / 2;
      for (const key of verified.keys()) {
        verified.delete(key);
        if (--drop === 0) break;
      }
    }
    verified.set(token, entry);
  };

  return {
    sign: (claims) => signer.sign({ sub: claims.sub, ver: claims.ver }),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return known.claims;
        verified.delete(token);
        return null;
      }
      const payload = await signer.verify(token);
      if (!payload || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      const claims = { sub: payload.sub, ver: payload.ver };
      remember(token, { claims, expiresAtMs: typeof payload.exp === 'number' ? payload.exp * 1000 : Date.now() });
      return claims;
    },
  };
}
