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

/** Session tokens: HS256 JWTs carrying the user id and the user's token version. */
export function createTokenSigner(secret: string): TokenSigner {
  const plugin = jwt({ name: 'jwt', secret, exp: `${SESSION_TTL_SECONDS}s` });
  const { jwt: signer } = plugin.decorator;
  return {
    sign: (claims) => signer.sign({ sub: claims.sub, ver: claims.ver }),
    async verify(token) {
      const payload = await signer.verify(token);
      if (!payload || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { sub: payload.sub, ver: payload.ver };
    },
  };
}
