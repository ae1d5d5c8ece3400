import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../src/auth/passwords';
import { DomainError } from '../../src/domain/errors';
import { statusOf } from '../../src/http/domain-answers';
import { TEST_HASH_COST } from '../support/hash-cost';

/** For the tests not about the cost: production's takes seconds a hash at the lowest priority on a busy machine. */
const cheap = (concurrency?: number, maxWaiting?: number) => new PasswordHasher(concurrency, maxWaiting, TEST_HASH_COST);

describe('PasswordHasher', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hasher = cheap();
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await hasher.verify('correct horse', hash)).toBe(true);
    expect(await hasher.verify('wrong horse', hash)).toBe(false);
  });

  it("hashes with OWASP's 19 MiB, two passes; a hash made with Bun's 64 MiB default still verifies and asks for a rehash", async () => {
    const hasher = new PasswordHasher();
    const current = await hasher.hash('correct horse');
    expect(current).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(hasher.needsRehash(current)).toBe(false);
    const older = Bun.password.hashSync('correct horse', 'argon2id');
    expect(older).toMatch(/^\$argon2id\$v=19\$m=65536,/);
    expect(await hasher.verify('correct horse', older)).toBe(true);
    expect(await hasher.verify('wrong horse', older)).toBe(false);
    expect(hasher.needsRehash(older)).toBe(true);
    expect(hasher.needsRehash(Bun.password.hashSync('correct horse', { algorithm: 'bcrypt' }))).toBe(true);
    // A hasher at another cost (tests' servers) asks to rehash production's hashes, and not its own.
    expect(cheap().needsRehash(current)).toBe(true);
    expect(cheap().needsRehash(await cheap().hash('correct horse'))).toBe(false);
  }, 120_000); // production's cost at the lowest priority: seconds a hash while every core is busy

  it('fails an unknown account (no hash) after doing the same work', async () => {
    expect(await cheap().verify('anything at all', null)).toBe(false);
  });

  it('runs at most `concurrency` hashes, queues a few more and refuses the rest with 429', async () => {
    const hasher = cheap(1, 1);
    const running = hasher.hash('first password');
    const queued = hasher.hash('second password');
    const refused = hasher.hash('third password').then(
      () => null,
      (error: unknown) => error,
    );
    const error = await refused;
    expect(error).toBeInstanceOf(DomainError);
    expect(statusOf(error as DomainError)).toBe(429);
    await expect(running).resolves.toMatch(/^\$argon2id\$/);
    await expect(queued).resolves.toMatch(/^\$argon2id\$/);
    await expect(hasher.hash('after the queue drained')).resolves.toMatch(/^\$argon2id\$/);
  });
});
