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

let lastMs = 0;
let sequence = 0;

/**
 * A new id that sorts by creation (lowercase hex: the same order under any collation, on SQLite
 * and PostgreSQL): milliseconds, a per-process sequence within the millisecond, then 64 random
 * bits. Items use it, so "newest first" needs no engine-specific row order.
 */
export function newTimeOrderedId(): string {
  const now = Date.now();
  sequence = now === lastMs ? sequence + 1 : 0;
  lastMs = now;
  return `${now.toString(16).padStart(12, '0')}${(sequence & 0xffff).toString(16).padStart(4, '0')}${randomBytes(8).toString('hex')}`;
}
