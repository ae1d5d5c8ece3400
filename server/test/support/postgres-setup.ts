// Vitest global setup of the PostgreSQL run of the API suite: one throwaway cluster per run, and in
// it one database migrated once, the template every test server's database is copied from.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '@wishwell/tooling/postgres-cluster';
import { migrateTemplate } from './migrate-template';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated database to copy (CREATE DATABASE ... TEMPLATE). */
    postgresTemplate: string;
  }
}

export const TEMPLATE_DATABASE = 'wishwell_template';

export default async function setup(project: TestProject) {
  const cluster = startPostgresCluster();
  await createTemplate(cluster.url, cluster.databaseUrl(TEMPLATE_DATABASE));
  project.provide('postgresUrl', cluster.url);
  project.provide('postgresTemplate', TEMPLATE_DATABASE);
  return () => cluster.stop();
}

/** Creates the template and migrates it as a server's first start would. */
async function createTemplate(serverUrl: string, templateUrl: string): Promise<void> {
  const { SQL } = await import('bun');
  const admin = new SQL(serverUrl, { max: 1 });
  await admin.unsafe(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.close();
  migrateTemplate('', templateUrl);
}
