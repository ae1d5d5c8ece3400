import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt, type JWTPayload } from 'jose';

/**
 * Short-lived state kept in the browser rather than the server (so every replica can read it):
 * encrypted and authenticated (JWE, A256GCM) with a key derived from the server's secret, so
 * the browser can neither read nor change it. Used for the OpenID Connect round trip.
 */
export interface CookieSealer {
  seal(payload: Record<string, unknown>, ttlSeconds: number): Promise<string>;
  /** The payload, or null when the value is forged, damaged or expired. */
  open<T>(value: string | undefined): Promise<T | null>;
}

export function createCookieSealer(secret: string): CookieSealer {
  const key = createHash('sha256').update(`wishwell sealed cookies\0${secret}`).digest();
  return {
    seal: (payload, ttlSeconds) =>
      new EncryptJWT(payload as JWTPayload).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).encrypt(key),
    async open<T>(value: string | undefined) {
      if (!value) return null;
      try {
        const { payload } = await jwtDecrypt(value, key);
        return payload as T;
      } catch {
        return null;
      }
    },
  };
}
