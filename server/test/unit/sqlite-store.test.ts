import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/db/sqlite-store';

const dir = mkdtempSync(join(tmpdir(), 'wishwell-sqlite-store-'));
const file = join(dir, 'wishwell.db');
const store = openSqliteStore(file);
const { referralRules } = store.tables;
afterAll(async () => {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const rule = (id: string) => ({ id, matcher: `${id}.example`, programName: id, createdAt: new Date(), updatedAt: new Date() });
const ruleIds = async () => (await store.db.select({ id: referralRules.id }).from(referralRules)).map((r) => r.id).sort();

describe('SQLite store: the connection gate', () => {
  it('keeps a statement issued while another transaction is open when that transaction rolls back', async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInTransaction = new Promise<void>((resolve) => (inserted = resolve));
    const failing = store.transaction(async (tx) => {
      await tx.insert(referralRules).values(rule('rolled-back'));
      inserted();
      await holding; // another request's write arrives while this transaction is open
      throw new Error('the transaction fails');
    });
    const failed = expect(failing).rejects.toThrow('the transaction fails');
    await insertedInTransaction;
    // Started now (a query builder runs only when awaited); one turn of the event loop takes it to the gate.
    const acknowledged = (async () => void (await store.db.insert(referralRules).values(rule('acknowledged'))))();
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await failed;
    await acknowledged;
    expect(await ruleIds()).toEqual(['acknowledged']);
    await store.db.delete(referralRules);
  });

  it('group commit: writes of one turn share a commit; a failing write fails alone', async () => {
    const outcomes = await Promise.allSettled([
      store.groupCommit((db) => db.insert(referralRules).values(rule('first')).returning()),
      store.groupCommit((db) => db.insert(referralRules).values(rule('first')).returning()), // duplicate key
      store.groupCommit((db) => db.insert(referralRules).values(rule('third')).returning()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await ruleIds()).toEqual(['first', 'third']);
    await store.db.delete(referralRules);
  });

  it('group transaction: its statements commit with the group, or are all undone when it throws', async () => {
    const outcomes = await Promise.allSettled([
      store.groupCommit((db) => db.insert(referralRules).values(rule('alone'))),
      store.groupTransaction(async (tx) => {
        await tx.insert(referralRules).values(rule('undone'));
        await tx.insert(referralRules).values(rule('alone')); // duplicate key: the first insert goes too
      }),
      store.groupTransaction(async (tx) => {
        await tx.insert(referralRules).values(rule('pair-a'));
        await tx.insert(referralRules).values(rule('pair-b'));
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await ruleIds()).toEqual(['alone', 'pair-a', 'pair-b']);
    await store.db.delete(referralRules);
  });

  it('a reopened database file holds what was committed (WAL, migrations applied once)', async () => {
    await store.transaction((tx) => tx.insert(referralRules).values(rule('kept')));
    const again = openSqliteStore(file);
    try {
      expect(again.schemaVersion).toBe(store.schemaVersion);
      expect(await again.db.select({ id: referralRules.id }).from(again.tables.referralRules).where(eq(again.tables.referralRules.id, 'kept'))).toEqual([{ id: 'kept' }]);
    } finally {
      await again.close();
    }
  });
});
