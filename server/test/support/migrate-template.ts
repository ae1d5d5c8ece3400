import { join } from 'node:path';

const OPEN_STORE = join(import.meta.dirname, '..', '..', 'src', 'db', 'open-store.ts');

/**
 * Migrates the database a server with this data dir (and DATABASE_URL) would open, as its first
 * start does, then closes it: the template test servers' databases are copied from. In a Bun
 * process of its own, which imports the migrations as text.
 */
export function migrateTemplate(dataDir: string, databaseUrl: string | null): void {
  const script = `const { openStore } = await import(${JSON.stringify(OPEN_STORE)}); await (await openStore({ dataDir: ${JSON.stringify(dataDir)}, databaseUrl: ${JSON.stringify(databaseUrl)} })).close();`;
  const migrate = Bun.spawnSync(['bun', '-e', script], { stdout: 'pipe', stderr: 'pipe' });
  if (migrate.exitCode !== 0) throw new Error(`migrating the template database failed:\n${migrate.stderr.toString()}`);
}
