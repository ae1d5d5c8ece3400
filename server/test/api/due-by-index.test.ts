import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SQLWrapper } from 'drizzle-orm';
import type { DataStore } from '../../src/db/store';
import { dueLists } from '../../src/features/followers/queries';
import { pendingMails, unreadCount } from '../../src/features/notifications/queries';
import { dueChecks } from '../../src/features/price-watch/queries';
import { withRawSql } from '../support/raw-sql';
import { startTestServer, TEST_ENGINE, withStore, type TestServer } from '../support/test-server';

// The queries that run often or over large tables find their rows by an index, on both engines:
// the reminders job's due lists, the price watch's due checks, the notifications' mail queue and
// the bell's unread count (asked on every page).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.stop());

/**
 * The plan the database makes for `query`: SQLite's EXPLAIN QUERY PLAN details, PostgreSQL's EXPLAIN
 * lines with sequential scans, bitmap scans and sorts priced out (on a test's tiny tables it would
 * read them whole, or sort a handful of rows): a Sort left in the plan is one no index can spare.
 */
async function planOf(query: (store: DataStore) => { toSQL(): { sql: string; params: unknown[] } } & SQLWrapper): Promise<string> {
  const { sql, params } = await withStore(server, async (store) => query(store).toSQL());
  return withRawSql(server, async (run) => {
    if (TEST_ENGINE === 'sqlite') return (await run(`EXPLAIN QUERY PLAN ${sql}`, params)).map((row) => row.detail).join('\n');
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await run(`SET ${setting} = off`);
    return (await run(`EXPLAIN ${sql}`, params)).map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('found by index', () => {
  it('the reminders job reads only the lists whose window has begun (wishlists_reminders_idx), never all lists', async () => {
    const plan = await planOf((store) => dueLists(store, new Date()));
    expect(plan).toContain('wishlists_reminders_idx');
    expect(plan).not.toMatch(/SCAN wishlists\b(?! USING)|Seq Scan/);
  });

  it('the price watch reads only the items whose check is due (items_next_check_idx), in its order, never all items', async () => {
    const plan = await planOf((store) => dueChecks(store, new Date(), 500));
    expect(plan).toContain('items_next_check_idx');
    expect(plan).not.toMatch(/SCAN items\b(?! USING)|Seq Scan on items|TEMP B-TREE FOR ORDER BY|Sort/);
  });

  it("the notifications' mail job reads the pending entries oldest first from notifications_mail_idx, no sort", async () => {
    const plan = await planOf((store) => pendingMails(store, 200));
    expect(plan).toMatch(TEST_ENGINE === 'sqlite' ? /SEARCH notifications USING INDEX notifications_mail_idx \(mail_pending=\?\)/ : /Index Scan using notifications_mail_idx/);
    expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY|Sort/);
  });

  it("the bell's unread count reads the caller's unread entries from notifications_unread_idx alone", async () => {
    const plan = await planOf((store) => unreadCount(store, 'someone'));
    expect(plan).toContain('notifications_unread_idx');
    expect(plan).toMatch(TEST_ENGINE === 'sqlite' ? /COVERING INDEX notifications_unread_idx/ : /Index Only Scan using notifications_unread_idx/);
  });
});
