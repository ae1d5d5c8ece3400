import { describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../src/auth/passwords';
import { DomainError } from '../../src/domain/errors';
import { statusOf } from '../../src/http/domain-answers';

describe('PasswordHasher', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hasher = new PasswordHasher();
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
  });

  it('fails an unknown account (no hash) after doing the same work', async () => {
    expect(await new PasswordHasher().verify('anything at all', null)).toBe(false);
  });

  it('runs at most `concurrency` hashes, queues a few more and refuses the rest with 429', async () => {
    const hasher = new PasswordHasher(1, 1);
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
