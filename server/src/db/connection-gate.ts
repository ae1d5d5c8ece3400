/**
 * The one SQLite connection, held by one transaction at a time (as Kysely's SQLite driver
 * does). Statements outside a transaction run at once while the gate is free and wait their
 * turn while a transaction holds it; otherwise another request's statement could land inside
 * an open transaction and be rolled back with it after it had been acknowledged.
 */
export class ConnectionGate {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  get isFree(): boolean {
    return !this.held;
  }

  /** Runs `work` holding the connection; others queue in order until it settles. */
  async hold<T>(work: () => Promise<T> | T): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Hands the connection straight to the next in line (it stays held), or frees it. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}
