// Vitest global setup of the PostgreSQL run of the API suite: one throwaway cluster per run, and in
// it one database migrated once, the template every test server's database is copied from.
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '@wishwell/tooling/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated database to copy (CREATE DATABASE ... TEMPLATE). */
    postgresTemplate: string;
  }
}

export const TEMPLATE_DATABASE = 'wishwell_template';
const OPEN_STORE = join(import.meta.dirname, '..', '..', 'src', 'db', 'open-store.ts');

export default async function setup(project: TestProject) {
  const cluster = startPostgresCluster();
  await migrateTemplate(cluster.url, cluster.databaseUrl(TEMPLATE_DATABASE));
  project.provide('postgresUrl', cluster.url);
  project.provide('postgresTemplate', TEMPLATE_DATABASE);
  return () => cluster.stop();
}

/** Creates the template and migrates it as a server's first start would (in Bun, which imports the migrations as text). */
async function migrateTemplate(serverUrl: string, templateUrl: string): Promise<void> {
  const { SQL } = await import('bun');
  const admin = new SQL(serverUrl, { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.close();
  const script = `const { openStore } = await import(${JSON.stringify(OPEN_STORE)}); await (await openStore({ dataDir: '', databaseUrl: ${JSON.stringify(templateUrl)} })).close();`;
  const migrate = Bun.spawnSync(['bun', '-e', script], { stdout: 'pipe', stderr: 'pipe' });
  if (migrate.exitCode !== 0) throw new Error(`migrating the template database failed:\n${migrate.stderr.toString()}`);
}
