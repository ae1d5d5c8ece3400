import { Database } from 'bun:sqlite';
import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../src/db/group-commit';

function stockTable() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE stock (id TEXT PRIMARY KEY, sold INTEGER NOT NULL CHECK (sold <= 3))');
  db.exec("INSERT INTO stock VALUES ('kite', 0)");
  const sell = db.prepare<{ sold: number }, [number]>("UPDATE stock SET sold = sold + ? WHERE id = 'kite' RETURNING sold");
  const commits: number[] = [];
  const group = new GroupCommit<Database>(async (writes) => {
    db.run('BEGIN');
    await writes(db);
    db.run('COMMIT');
    commits.push(1);
  });
  return { db, sell, commits, group };
}

describe('GroupCommit', () => {
  it('commits writes of one event-loop turn together and answers each its own result', async () => {
    const { sell, commits, group } = stockTable();
    const results = await Promise.all([group.run(async () => sell.get(1)), group.run(async () => sell.get(1)), group.run(async () => sell.get(1))]);
    expect(results.map((r) => r?.sold)).toEqual([1, 2, 3]);
    expect(commits).toHaveLength(1);
  });

  it('fails only the write that broke a rule; the others in the batch still commit', async () => {
    const { db, sell, group } = stockTable();
    const outcomes = await Promise.allSettled([group.run(async () => sell.get(2)), group.run(async () => sell.get(2)), group.run(async () => sell.get(1))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(db.query<{ sold: number }, []>("SELECT sold FROM stock WHERE id = 'kite'").get()?.sold).toBe(3);
  });
});
