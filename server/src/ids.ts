import { randomBytes, randomFillSync, createHash } from 'node:crypto';

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
/** Random bytes fetched 4 KB at a time: one call to the generator per id costs more than the rest of the id. */
const randomPool = Buffer.alloc(4096);
let randomAt = randomPool.length;

/** The next 8 bytes of the pool as hex (refilled when used up). */
function randomHex8(): string {
  if (randomAt === randomPool.length) {
    randomFillSync(randomPool);
    randomAt = 0;
  }
  randomAt += 8;
  return randomPool.toString('hex', randomAt - 8, randomAt);
}

/**
 * A new id that sorts by creation (lowercase hex: the same order under any collation, on SQLite
 * and PostgreSQL): milliseconds, a per-process sequence within the millisecond, then 64 random
 * bits. Items use it, so "newest first" needs no engine-specific row order.
 */
export function newTimeOrderedId(): string {
  const now = Date.now();
  sequence = now === lastMs ? sequence + 1 : 0;
  lastMs = now;
  return `${now.toString(16).padStart(12, '0')}${(sequence & 0xffff).toString(16).padStart(4, '0')}${randomHex8()}`;
}
