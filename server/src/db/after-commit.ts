import type { Db } from './store';

/** What waits for each open transaction's commit, by the handle its work runs on. */
const waiting = new WeakMap<Db, (() => void)[]>();

/**
 * Runs `work` in `transaction` (an engine's) and, once it committed, what `afterCommit` added on
 * its handle meanwhile, in order; a rollback drops them. SQLite's group commit runs its writes'
 * savepoints on the group's handle: theirs wait for the group's commit.
 */
export async function committing<T>(transaction: (work: (tx: Db) => Promise<T>) => Promise<T>, work: (tx: Db) => Promise<T>): Promise<T> {
  const hooks: (() => void)[] = [];
  const result = await transaction(async (tx) => {
    waiting.set(tx, hooks);
    try {
      return await work(tx);
    } finally {
      waiting.delete(tx); // nothing adds a hook once `work` is done; the next transaction on this handle starts after the commit
    }
  });
  for (const hook of hooks) hook();
  return result;
}

/** Runs `hook` once the transaction `db` belongs to has committed; at once when `db` is in none (its statements committed as they ran). */
export function afterCommit(db: Db, hook: () => void): void {
  const hooks = waiting.get(db);
  if (hooks) hooks.push(hook);
  else hook();
}
