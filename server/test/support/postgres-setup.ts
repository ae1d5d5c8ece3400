// Vitest global setup of the PostgreSQL run of the API suite: one throwaway cluster per run.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from '@wishwell/tooling/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default function setup(project: TestProject) {
  const cluster = startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
