import type { TransactionSQL } from 'bun';

/**
 * Creates a table of the runtime schema (`wishwell_runtime`): state every replica shares that is
 * no data (rate-limit counts, the session key), so it is not in migrations or backups and a
 * restore's schema swap leaves it alone. Inside `tx`, under one advisory lock: replicas starting
 * together can collide in the catalogue despite IF NOT EXISTS.
 */
export async function createRuntimeTable(tx: TransactionSQL, createTable: string): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(hashtext('wishwell rate limit counts'))`;
  await tx`CREATE SCHEMA IF NOT EXISTS wishwell_runtime`;
  await tx.unsafe(createTable);
}
