import type { Database } from 'bun:sqlite';
import { MIGRATIONS } from './migrations';

/** Applies each embedded migration not yet recorded, each in its own transaction. Returns the count. */
export function applyMigrations(sqlite: Database): number {
  sqlite.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    sqlite.query<{ name: string }, []>('SELECT name FROM schema_migrations').all().map((r) => r.name),
  );
  const record = sqlite.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.name)) continue;
    sqlite.transaction(() => {
      for (const statement of migration.sql.split('--> statement-breakpoint')) {
        if (statement.trim()) sqlite.exec(statement);
      }
      record.run(migration.name, Date.now());
    })();
  }
  return MIGRATIONS.length;
}
