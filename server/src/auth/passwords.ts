import { availableParallelism } from 'node:os';
import { text, tooMany } from '../domain/errors';
import { ARGON2ID, HashThreads, type HashCost } from './hash-threads';

/**
 * Password hashing with argon2id (`Bun.password`, 19 MiB per hash, see ARGON2ID).
 * Hashing is a CPU and memory cost a sign-in flood could multiply, so at most `concurrency`
 * hashes run at once (one core fewer than the machine has, so reads keep a core) and at most
 * `maxWaiting` wait (a few seconds of hashing); past that the caller gets a 429. The hashes run
 * on their own low-priority threads (see HashThreads): at normal priority, 100 wrong sign-ins at
 * once take the share view's p99 to about four times its idle value.
 */
export class PasswordHasher {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private dummyHash: Promise<string> | null = null;
  private readonly threads: HashThreads;

  constructor(
    private readonly concurrency = Math.max(1, availableParallelism() - 1),
    private readonly maxWaiting = 16,
    private readonly cost: HashCost = ARGON2ID,
  ) {
    this.threads = new HashThreads(cost);
  }

  hash(password: string): Promise<string> {
    return this.limited(() => this.threads.hash(password));
  }

  /** Verifies against the stored hash; with none (unknown account) spends the same time and fails. */
  async verify(password: string, hash: string | null): Promise<boolean> {
    const against = hash ?? (await (this.dummyHash ??= this.hash('not a real password: equalises timing')));
    const matches = await this.limited(() => this.threads.verify(password, against));
    return hash !== null && matches;
  }

  /**
   * Whether a stored hash was made otherwise than hashes are made now (Bun's 64 MiB default before
   * ARGON2ID, or another `cost`): it still verifies, and is replaced at the next successful sign-in.
   */
  needsRehash(hash: string): boolean {
    const params = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=1\$/.exec(hash);
    return !params || Number(params[1]) !== this.cost.memoryCost || Number(params[2]) !== this.cost.timeCost;
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw tooMany([text('busy')], 1);
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
