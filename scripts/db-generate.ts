// Writes both dialects' Drizzle schemas from server/src/db/model.ts, generates a migration for
// each with drizzle-kit (migrations/sqlite, migrations/pg), then rewrites the migrations index
// that embeds every .sql file in the binary (applied in order at start).
// Usage: bun run db:generate [name]
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsIndexSource, MIGRATION_DIALECTS } from './db/migrations-index';
import { schemaSource } from './db/schema-source';

const serverDir = join(import.meta.dir, '..', 'server');
const dbDir = join(serverDir, 'src', 'db');
const name = process.argv[2];

for (const { dialect, kitDialect } of MIGRATION_DIALECTS) {
  writeFileSync(join(dbDir, 'schema', `${dialect}.ts`), schemaSource(dialect));
  const generate = Bun.spawnSync(
    [
      'bun', 'x', 'drizzle-kit', 'generate',
      `--dialect=${kitDialect}`,
      `--schema=./src/db/schema/${dialect}.ts`,
      `--out=./src/db/migrations/${dialect}`,
      ...(name ? [`--name=${name}`] : []),
    ],
    { cwd: serverDir, stdio: ['inherit', 'inherit', 'inherit'] },
  );
  if (generate.exitCode !== 0) process.exit(generate.exitCode ?? 1);
}

const files = Object.fromEntries(
  MIGRATION_DIALECTS.map(({ dialect }) => [dialect, readdirSync(join(dbDir, 'migrations', dialect)).filter((f) => f.endsWith('.sql')).sort()]),
) as Record<'sqlite' | 'pg', string[]>;
writeFileSync(join(dbDir, 'migrations', 'index.ts'), migrationsIndexSource(files));
console.log(`migrations index: ${files.sqlite.length} SQLite, ${files.pg.length} PostgreSQL migration(s)`);
