import { randomBytes, createHash } from 'node:crypto';

/** A new unguessable id (128 random bits, URL-safe): list ids double as share links. */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}

/** A random secret for tokens and capabilities (256 bits, URL-safe). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** How secrets are stored: a SHA-256 hex digest (the secrets are random, so no salt is needed). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
