// Vitest global setup of the SQLite run: one database file migrated once per run, which every
// test server's fresh data dir starts from as a copy (see engine.ts), as PostgreSQL test servers
// start from a copy of a template database (postgres-setup.ts).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateTemplate } from './migrate-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file to copy into a test server's fresh data dir. */
    sqliteTemplate: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'wishwell-template-'));
  migrateTemplate(dir, null);
  const file = join(dir, 'wishwell.db');
  // Closed cleanly, the store leaves its whole content in the one file: a copy of it is complete.
  if (existsSync(`${file}-wal`)) throw new Error(`the template ${file} kept a write-ahead log: copying the file alone would lose it`);
  project.provide('sqliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
