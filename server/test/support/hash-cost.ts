import type { HashCost } from '../../src/auth/hash-threads';

/**
 * The least argon2id cost, for test servers (in process, and processes through server-process.ts)
 * in tests not about the cost: a sign-up's hash takes well under a millisecond instead of ~50 ms
 * of a core (seconds at the lowest priority on a busy machine).
 * Production's (ARGON2ID) is proven by passwords.test.ts; the compiled binary (binary.test.ts) runs at it.
 */
export const TEST_HASH_COST: HashCost = { memoryCost: 64, timeCost: 1 };
