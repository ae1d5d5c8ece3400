import type { SQL as BunSql } from 'bun';
import { createRuntimeTable } from './pg-runtime-tables';
import type { SharedRateCounts } from './store';

/**
 * Rate-limit counts shared by every replica on one PostgreSQL: one row per limit and key with a
 * fixed window (count, and when the window ends), in an UNLOGGED table of a schema of its own.
 * Counters are no data: not in migrations or backups, untouched by a restore's schema swap, and
 * losing them in a database crash only restarts the windows.
 */
const TABLE = 'wishwell_runtime.rate_limit_counts';
/** Ended windows are deleted at most this often (by whichever replica counts a hit then). */
const SWEEP_EVERY_MS = 10 * 60_000;

/** The shared counts, or null (counting per process, said in the log) when the database user may not create their table. */
export async function postgresRateCounts(client: BunSql): Promise<SharedRateCounts | null> {
  try {
    await client.begin(async (tx) => {
      await createRuntimeTable(tx, `CREATE UNLOGGED TABLE IF NOT EXISTS ${TABLE} (scope text NOT NULL, key text NOT NULL, count integer NOT NULL, reset_at bigint NOT NULL, PRIMARY KEY (scope, key))`);
    });
  } catch (error) {
    console.error(`Rate limits are counted per replica: the table ${TABLE} could not be created (${(error as Error).message}).`);
    return null;
  }
  let sweptAt = 0;
  return {
    async add(scope, key, windowMs, hits) {
      const now = Date.now();
      if (now - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = now;
        void client.unsafe(`DELETE FROM ${TABLE} WHERE reset_at <= $1`, [now]).catch(() => undefined);
      }
      const [row] = await client.unsafe<{ count: number; reset_at: string | number }[]>(
        `INSERT INTO ${TABLE} AS c (scope, key, count, reset_at) VALUES ($1, $2, $5, $3)
         ON CONFLICT (scope, key) DO UPDATE SET
           count = CASE WHEN c.reset_at <= $4 THEN $5 ELSE c.count + $5 END,
           reset_at = CASE WHEN c.reset_at <= $4 THEN $3 ELSE c.reset_at END
         RETURNING count, reset_at`,
        [scope, key, now + windowMs, now, hits],
      );
      return { count: row!.count, resetAt: Number(row!.reset_at) };
    },
    async forget(scope, key) {
      await client.unsafe(`DELETE FROM ${TABLE} WHERE scope = $1 AND key = $2`, [scope, key]);
    },
  };
}
