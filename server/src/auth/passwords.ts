import { availableParallelism } from 'node:os';
import { tooManyRequests } from '../http/errors';

/**
 * Password hashing with argon2id (`Bun.password`, 64 MiB per hash, ~200 ms on two cores).
 * Hashing is a CPU and memory cost a sign-in flood could multiply, so at most `concurrency`
 * hashes run at once (one core fewer than the machine has, so reads keep a core) and at most
 * `maxWaiting` wait (a few seconds of hashing); past that the caller gets a 429.
 * bench:load measured the flood of 100 wrong sign-ins as the cause of the share view's p99
 * under attack (4x idle with two hashes at once on two cores; the chunked bodies alone: 1.2x).
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly concurrency = Math.max(1, availableParallelism() - 1),
    private readonly maxWaiting = 16,
  ) {}

  hash(password: string): Promise<string> {
    return this.limited(() => Bun.password.hash(password, 'argon2id'));
  }

  /** Verifies against the stored hash; with none (unknown account) spends the same time and fails. */
  async verify(password: string, hash: string | null): Promise<boolean> {
    const against = hash ?? (await (this.dummyHash ??= this.hash('not a real password: equalises timing')));
    const matches = await this.limited(() => Bun.password.verify(password, against));
    return hash !== null && matches;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw tooManyRequests('The server is busy. Please try again in a moment.');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // hand the slot straight to the next waiter
      else this.running -= 1;
    }
  }
}
