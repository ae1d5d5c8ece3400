import type { SQL as BunSql } from 'bun';
import { createRuntimeTable } from './pg-runtime-tables';

/**
 * Secrets every replica on one PostgreSQL must share (the session signing key), in a table of
 * the runtime schema beside the rate-limit counts: not in migrations or backups, untouched by a
 * restore's schema swap. Logged, unlike those counts: losing the key signs everyone out.
 */
const TABLE = 'wishwell_runtime.secrets';

/**
 * The secret `name`: the one stored, else `proposed`, stored now (of replicas starting together,
 * the first to commit wins and the others read it). Null, said in the log, when the database user
 * may not create the table.
 */
export async function postgresSharedSecret(client: BunSql, name: string, proposed: string): Promise<string | null> {
  try {
    return await client.begin(async (tx) => {
      await createRuntimeTable(tx, `CREATE TABLE IF NOT EXISTS ${TABLE} (name text PRIMARY KEY, value text NOT NULL)`);
      await tx.unsafe(`INSERT INTO ${TABLE} (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, proposed]);
      const [row] = await tx.unsafe<{ value: string }[]>(`SELECT value FROM ${TABLE} WHERE name = $1`, [name]);
      return row!.value;
    });
  } catch (error) {
    console.error(`The table ${TABLE} could not be created (${(error as Error).message}): set JWT_SECRET, the same on every replica, or sessions made on one replica fail on the others.`);
    return null;
  }
}
