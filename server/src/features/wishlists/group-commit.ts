interface PendingWrite {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: small writes that arrive in the same event-loop turn run in one SQLite
 * transaction. Each write is still its own statement (a purchase stays one conditional
 * UPDATE, so atomicity per write is unchanged), but they share one commit, which is most of a
 * small write's cost in WAL mode. A write's promise settles only after the commit.
 */
export class GroupCommit {
  private pending: PendingWrite[] = [];

  constructor(private readonly transaction: (writes: () => void) => void) {}

  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => this.flush());
      this.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const outcomes: { value?: unknown; error?: unknown; failed: boolean }[] = [];
    try {
      this.transaction(() => {
        for (const write of batch) {
          try {
            outcomes.push({ value: write.work(), failed: false });
          } catch (error) {
            outcomes.push({ error, failed: true }); // a failed statement is undone alone; the others still commit
          }
        }
      });
    } catch (error) {
      for (const write of batch) write.reject(error);
      return;
    }
    batch.forEach((write, index) => {
      const outcome = outcomes[index]!;
      if (outcome.failed) write.reject(outcome.error);
      else write.resolve(outcome.value);
    });
  }
}
