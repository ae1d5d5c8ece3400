import { SQL } from 'bun';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import { openPostgresStore } from '../../db/pg-store';
import type { StagingDatabase } from './staging';

/**
 * A staging schema in the live PostgreSQL database, built by the real migrations. Foreign keys,
 * unique keys and checks hold for every row as it is inserted, so a load that finishes is sound.
 * The swap renames schemas in one transaction: public becomes pre_restore_{timestamp} (kept, like
 * the SQLite file), the staging schema becomes public. Replicas then rebuild (see the service).
 */
export async function postgresStaging(url: string): Promise<StagingDatabase> {
  const schema = `wishwell_staging_${randomBytes(6).toString('hex')}`;
  await withClient(url, (client) => client.unsafe(`CREATE SCHEMA "${schema}"`));
  const store = await openPostgresStore(url, schema).catch(async (error: unknown) => {
    await withClient(url, (client) => client.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    throw error;
  });
  return {
    store,
    prove: async () => {},
    close: () => store.close(),
    swapIn: (keepDir) =>
      withClient(url, (client) =>
        client.begin(async (tx) => {
          // No session can be issued or revoked between reading the highest token version and the swap.
          await tx`LOCK TABLE public.users IN EXCLUSIVE MODE`;
          await tx.unsafe(`UPDATE "${schema}".users SET token_version = (SELECT coalesce(max(token_version), 0) + 1 FROM public.users)`);
          await tx.unsafe(`ALTER SCHEMA public RENAME TO "${keptSchemaName(keepDir)}"`);
          await tx.unsafe(`ALTER SCHEMA "${schema}" RENAME TO public`);
        }),
      ),
    drop: () => withClient(url, (client) => client.unsafe(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)),
  };
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
