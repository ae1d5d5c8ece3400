interface PendingWrite<D> {
  write: (db: D) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Runs `writes` inside one transaction on `db` and commits (or rolls back and rethrows). */
export type CommitTogether<D> = (writes: (db: D) => Promise<void>) => Promise<void>;

/**
 * Group commit: small writes that arrive in the same event-loop turn run in one SQLite
 * transaction. Each write is still its own statement (a purchase stays one conditional
 * UPDATE, so atomicity per write is unchanged), but they share one commit, which is most of a
 * small write's cost in WAL mode. A failing statement is undone alone (SQLite rolls back only
 * that statement), so the others still commit. A write's promise settles only after the commit.
 */
export class GroupCommit<D> {
  private pending: PendingWrite<D>[] = [];

  constructor(private readonly commitTogether: CommitTogether<D>) {}

  run<T>(write: (db: D) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.pending.length === 0) setImmediate(() => void this.flush());
      this.pending.push({ write, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const outcomes: { value?: unknown; error?: unknown; failed: boolean }[] = [];
    try {
      await this.commitTogether(async (db) => {
        for (const pending of batch) {
          try {
            outcomes.push({ value: await pending.write(db), failed: false });
          } catch (error) {
            outcomes.push({ error, failed: true });
          }
        }
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.failed) pending.reject(outcome.error);
      else pending.resolve(outcome.value);
    });
  }
}
