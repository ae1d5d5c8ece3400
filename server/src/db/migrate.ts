import type { Database } from 'bun:sqlite';
import type { SQL } from 'bun';
import { backfillAfter } from './backfills';
import { PG_MIGRATIONS, SQLITE_MIGRATIONS, type Migration } from './migrations';

/** drizzle-kit's separator between the statements of one migration file. */
const statementsOf = (sql: string) => sql.split('--> statement-breakpoint').filter((s) => s.trim());

/**
 * A migration's statements before its backfill runs and after it: a hand-written `--> backfill`
 * line marks the point (e.g. indexes and triggers that should not see the backfill's updates);
 * without one, the backfill follows every statement.
 */
function stepsOf(migration: Migration): { before: string[]; after: string[] } {
  const [before, after = ''] = migration.sql.split('--> backfill');
  return { before: statementsOf(before!), after: statementsOf(after) };
}

/**
 * Applies each embedded SQLite migration not yet recorded (and its backfill), each in its own
 * transaction. Returns the count. `migrations`: a prefix of them (tests building an older schema).
 */
export function applySqliteMigrations(sqlite: Database, migrations = SQLITE_MIGRATIONS): number {
  sqlite.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    sqlite.query<{ name: string }, []>('SELECT name FROM schema_migrations').all().map((r) => r.name),
  );
  const record = sqlite.query('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    const { before, after } = stepsOf(migration);
    sqlite.transaction(() => {
      for (const statement of before) sqlite.exec(statement);
      backfillAfter(migration.name)?.sqlite(sqlite);
      for (const statement of after) sqlite.exec(statement);
      record.run(migration.name, Date.now());
    })();
  }
  return migrations.length;
}

/** Any fixed number: the advisory lock replicas take while migrating (the same on all of them). */
const MIGRATION_LOCK = 7_411_009;

/**
 * Applies the pending PostgreSQL migrations in one transaction holding an advisory lock, so
 * replicas that start together migrate once: the others wait, then find nothing left to do.
 * With `schema` (a restore's staging schema, the client's search_path) the migrations build
 * their tables there: drizzle-kit writes foreign keys against "public", which is rewritten.
 */
export async function applyPostgresMigrations(client: SQL, schema = 'public', migrations = PG_MIGRATIONS): Promise<number> {
  await client.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamp with time zone NOT NULL DEFAULT now())`;
    const applied = new Set((await tx<{ name: string }[]>`SELECT name FROM schema_migrations`).map((r) => r.name));
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      const { before, after } = stepsOf(migration);
      const run = (statement: string) => tx.unsafe(statement.replaceAll('"public".', `"${schema}".`));
      for (const statement of before) await run(statement);
      await backfillAfter(migration.name)?.postgres(tx);
      for (const statement of after) await run(statement);
      await tx`INSERT INTO schema_migrations (name) VALUES (${migration.name})`;
    }
  });
  return migrations.length;
}
