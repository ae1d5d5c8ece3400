import { SQL } from 'bun';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { SESSIONS_RETIRED_BELOW } from '../../auth/retired-sessions';
import { openPostgresStore } from '../../db/pg-store';
import type { StagingDatabase } from './staging';

/**
 * A staging schema in the live PostgreSQL database, built by the real migrations. Foreign keys,
 * unique keys and checks hold for every row as it is inserted, so a load that finishes is sound.
 * The swap renames schemas in one transaction: public becomes pre_restore_{timestamp} (kept, like
 * the SQLite file), the staging schema becomes public. Replicas then rebuild (see the service).
 */
export async function postgresStaging(url: string): Promise<StagingDatabase> {
  const schema = `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`;
  const guard = await holdStagingLock(url, schema);
  const dropSchema = async () => {
    await withClient(url, (client) => client.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    await guard.close();
  };
  const store = await withClient(url, (client) => client.unsafe(`CREATE SCHEMA "${schema}"`))
    .then(() => openPostgresStore(url, schema))
    .catch(async (error: unknown) => {
      await dropSchema();
      throw error;
    });
  return {
    store,
    load: (load) => loadWithoutShopTotalTriggers(url, schema, load),
    prove: async () => {},
    close: () => store.close(),
    swapIn: (keepDir) =>
      withClient(url, (client) =>
        client.begin(async (tx) => {
          // No session can be issued or revoked between reading the highest token version and the swap.
          await tx`LOCK TABLE public.users IN EXCLUSIVE MODE`;
          const [{ retiredBelow }] = await tx`SELECT coalesce(max(token_version), 0) + 1 AS "retiredBelow" FROM public.users`;
          await tx.unsafe(`UPDATE "${schema}".users SET token_version = $1`, [retiredBelow]);
          await tx.unsafe(
            `INSERT INTO "${schema}".instance_settings (name, value, updated_at) VALUES ($1, $2, now())
             ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
            [SESSIONS_RETIRED_BELOW, String(retiredBelow)],
          );
          await tx.unsafe(`ALTER SCHEMA public RENAME TO "${keptSchemaName(keepDir)}"`);
          await tx.unsafe(`ALTER SCHEMA "${schema}" RENAME TO public`);
        }),
      ).finally(() => guard.close()), // swapped in, or left for the next start's clean-up
    drop: dropSchema,
  };
}

/**
 * Loads with the items triggers that keep shop_totals off, then counts the totals once from the
 * loaded items (as migration 0012 does). Left on, every item of a shop updates that shop's one
 * row inside the load's transaction, and on PostgreSQL each update of a row already updated in
 * the transaction costs more than the last (every update leaves a row version the next must
 * walk past): a restore's time would grow with the square of a shop's items.
 */
async function loadWithoutShopTotalTriggers(url: string, schema: string, load: () => Promise<void>): Promise<void> {
  await withClient(url, (client) => client.unsafe(`ALTER TABLE "${schema}".items DISABLE TRIGGER USER`));
  await load();
  await withClient(url, (client) =>
    client.begin(async (tx) => {
      await tx.unsafe(`
        INSERT INTO "${schema}".shop_totals (shop_domain, currency, item_count, priced_count, total_minor)
        SELECT shop_domain, currency, count(*), count(price_minor), coalesce(sum(price_minor * quantity), 0)
        FROM "${schema}".items WHERE shop_domain <> '' GROUP BY shop_domain, currency`);
      await tx.unsafe(`ALTER TABLE "${schema}".items ENABLE TRIGGER USER`);
    }),
  );
}

const STAGING_PREFIX = 'wishwell_staging_';
const STAGING_PATTERN = 'wishwell\\_staging\\_%'; // LIKE: the underscores taken literally

/**
 * A staging schema belongs to the restore holding a session advisory lock keyed by its name,
 * on a connection of its own, from before the schema exists until it is swapped in or dropped.
 * A process that dies (kill -9, power cut) loses its connection and so the lock: its schema is
 * then known abandoned, while another replica's restore under way keeps its own.
 */
async function holdStagingLock(url: string, schema: string): Promise<SQL> {
  const guard = new SQL(url, { max: 1, idleTimeout: 0 });
  await guard`SELECT pg_advisory_lock(hashtext(${schema}))`;
  return guard;
}

/** Drops the staging schemas of restores that died before their swap (nobody holds their lock); answers their names. */
export async function dropAbandonedStagingSchemas(url: string): Promise<string[]> {
  return withClient(url, async (client) => {
    const schemas = await client<{ name: string }[]>`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE ${STAGING_PATTERN}`;
    const dropped: string[] = [];
    for (const { name } of schemas) {
      const [row] = await client<{ free: boolean }[]>`SELECT pg_try_advisory_lock(hashtext(${name})) AS free`;
      if (!row?.free) continue; // a restore under way in another process
      try {
        await client.unsafe(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
        dropped.push(name);
      } finally {
        await client`SELECT pg_advisory_unlock(hashtext(${name}))`;
      }
    }
    return dropped;
  });
}

/** data/pre-restore-2026-11-23T19-00-00-000Z -> pre_restore_2026_11_23t19_00_00_000z. */
export function keptSchemaName(keepDir: string): string {
  return basename(keepDir).toLowerCase().replace(/[^a-z0-9]/g, '_');
}

/** Drops the pre_restore_* schemas but the newest `keep` (their names sort by time). */
export async function dropOlderKeptSchemas(url: string, keep: number): Promise<void> {
  await withClient(url, async (client) => {
    const older = await client<{ name: string }[]>`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 'pre\_restore\_%' ORDER BY nspname DESC OFFSET ${keep}`;
    for (const { name } of older) await client.unsafe(`DROP SCHEMA "${name}" CASCADE`);
  });
}

async function withClient<T>(url: string, work: (client: SQL) => Promise<T>): Promise<T> {
  const client = new SQL(url, { max: 1 });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}
