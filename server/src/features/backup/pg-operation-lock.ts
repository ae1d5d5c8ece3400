import { SQL } from 'bun';

export type Operation = 'backup' | 'restore';

/** The advisory locks' first key. The second: 0 for "one at a time"; the operation's number for the others to read what runs. */
const LOCKS = 0x77697368; // 'wish'
const ANY = 0;
const NAMED: Record<Operation, number> = { backup: 1, restore: 2 };

/**
 * Claims "a backup or restore is under way" for every replica on the PostgreSQL database:
 * session advisory locks on a connection of its own, which outlives the store a restore closes
 * and reopens. Answers the release, or else the operation another replica is running.
 */
export async function claimAcrossReplicas(url: string, what: Operation): Promise<{ release: () => Promise<void> } | { running: Operation }> {
  const client = new SQL(url, { max: 1 });
  const connection = await client.reserve().catch(async (error: unknown) => {
    await client.close();
    throw error;
  });
  // Unlocked before the answer: the server drops a closed session's locks a moment after the
  // close, in which a restore asked at once would be refused. The client waits for a reserved
  // connection before it closes.
  const end = async () => {
    try {
      await connection`SELECT pg_advisory_unlock_all()`;
    } finally {
      connection.release();
      await client.close();
    }
  };
  let running: Operation;
  try {
    // The name first (shared: two of a kind do not wait for each other), so whoever holds ANY has one.
    await connection`SELECT pg_advisory_lock_shared(${LOCKS}::int, ${NAMED[what]}::int)`;
    const [row] = await connection<{ claimed: boolean }[]>`SELECT pg_try_advisory_lock(${LOCKS}::int, ${ANY}::int) AS claimed`;
    if (row?.claimed) return { release: end };
    // pg_locks shows the whole cluster's locks: only this database's holder is ours (advisory locks are per database).
    const [holder] = await connection<{ objid: string }[]>`
      SELECT named.objid::text AS objid FROM pg_locks every JOIN pg_locks named ON named.pid = every.pid AND named.database = every.database
      WHERE every.locktype = 'advisory' AND every.classid::bigint = ${LOCKS} AND every.objid::bigint = ${ANY} AND every.granted
        AND every.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND named.locktype = 'advisory' AND named.classid::bigint = ${LOCKS} AND named.objid::bigint <> ${ANY}`;
    running = holder?.objid === String(NAMED.restore) ? 'restore' : 'backup';
  } catch (error) {
    await end().catch(() => {}); // the first error tells what went wrong; the close ends the locks anyway
    throw error;
  }
  await end();
  return { running };
}
