import { configDefaults, defineConfig, type Plugin } from 'vitest/config';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The built site's files (`with { type: 'file' }` in assets.generated.ts) are their paths on disk, as
// under Bun. The module id ends in '.path', not '.css': Vite's own plugins would take a style sheet in.
const SITE_FILE = /^\0site-file:(.*)\.path$/;
const siteFilesAsPaths: Plugin = {
  name: 'site-files-as-paths',
  enforce: 'pre',
  resolveId: (source, importer) => (importer?.endsWith('assets.generated.ts') ? `\0site-file:${resolve(dirname(importer), source)}.path` : undefined),
  load: (id) => {
    const file = SITE_FILE.exec(id)?.[1];
    return file === undefined ? undefined : `export default ${JSON.stringify(file)};`;
  },
};

/**
 * API files that run on one engine only: their subject is one engine's (the compiled binary and
 * the SQLite file; copies between engines, replicas and a restricted user of PostgreSQL), or cannot differ by engine:
 * the OpenAPI document and error shape come from the route table; the damaged-file and start-up
 * cases are about the SQLite file and the data dir (start-up errors run without DATABASE_URL).
 * Every other API file reads or writes the database through feature queries and runs on both.
 */
const SQLITE_ONLY = ['api-docs', 'binary', 'database-health'].map((name) => `server/test/api/${name}.test.ts`);
const POSTGRES_ONLY = ['migrate-cli', 'portable-backup', 'replicas', 'restricted-database-user'].map((name) => `server/test/api/${name}.test.ts`);

// Unit and API tests. Run under Bun (`bun --bun vitest run`): the threads pool, since forks fails under Bun.
export default defineConfig({
  // Migrations are imported as text (`with { type: 'text' }`, Bun's loader); tests importing the database need the same.
  plugins: [{ name: 'sql-as-text', transform: (code, id) => (id.endsWith('.sql') ? `export default ${JSON.stringify(code)};` : undefined) }, siteFilesAsPaths],
  resolve: {
    alias: { '@wishwell/shared': fileURLToPath(new URL('./shared/src', import.meta.url)) },
  },
  test: {
    pool: 'threads',
    // Two files at once (one per core of the 2-core CI machine; Vitest's default there is one):
    // much of a file's time is spent waiting on servers, child processes and the network. Each
    // file has its own data dirs, databases and free ports. Not more: the password hashing
    // threads run at the lowest priority and starve while every core is busy (sign-in tests time out).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The API suite runs twice, the same files on each engine, side by side: SQLite (with the unit
    // tests) and PostgreSQL on a throwaway cluster. Each run migrates one template database, which
    // test servers start from as a copy (server/test/support/sqlite-setup.ts, postgres-setup.ts).
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['shared/test/**/*.test.ts', 'server/test/**/*.test.ts', 'desktop/test/**/*.test.ts', 'web/test/unit/**/*.test.ts', 'scripts/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY],
          env: { WISHWELL_TEST_ENGINE: 'sqlite' },
          globalSetup: ['server/test/support/sqlite-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['server/test/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SQLITE_ONLY],
          env: { WISHWELL_TEST_ENGINE: 'postgres' },
          globalSetup: ['server/test/support/postgres-setup.ts'],
        },
      },
    ],
  },
});
