import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * API files that run on one engine only: their subject is one engine's (the compiled binary and
 * the SQLite file; copies between engines, replicas and a restricted user of PostgreSQL), or cannot differ by engine:
 * the OpenAPI document and error shape come from the route table, an event stream's idle timeout from the HTTP server; the damaged-file and start-up
 * cases are about the SQLite file and the data dir (start-up errors run without DATABASE_URL), a
 * stopped server's scraping browser about the process.
 * Every other API file reads or writes the database through feature queries and runs on both.
 */
const SQLITE_ONLY = ['admin-events-idle', 'api-docs', 'binary', 'database-health', 'scrape-browser-shutdown'].map((name) => `server/test/api/${name}.test.ts`);
const POSTGRES_ONLY = ['migrate-cli', 'portable-backup', 'replicas', 'restricted-database-user'].map((name) => `server/test/api/${name}.test.ts`);

/**
 * The order files start in. Vitest's own: each project's files by the last run's durations, longest
 * first (kept in node_modules/.vite), so the run ends on short files, not on one long file while the
 * other worker idles. Files it has no duration for (a fresh clone, a new file) it orders by size;
 * then the API files go first in each project, since an API file's servers, processes and real
 * waits take seconds whatever its size, a unit file rarely; and first of all the files that wait
 * longest for little work (admin-events-idle: 12 s of Bun's idle timeout in 35 lines), which at
 * the end would leave the cores idle while they wait.
 */
const WAITING_FILES = ['server/test/api/admin-events-idle.test.ts'];

class ApiFilesFirstWhenNew extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    if (files.every((file) => this.ctx.cache.getTestSpecificationResult(file))) return sorted;
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) =>
      WAITING_FILES.some((name) => file.moduleId.endsWith(name)) ? -1 : projects.indexOf(file.project.name) * 2 + (file.moduleId.includes('/server/test/api/') ? 0 : 1);
    return sorted.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file);
  }
}

// Unit and API tests. Run under Bun (`bun --bun vitest run`): the threads pool, since forks fails under Bun.
export default defineConfig({
  test: {
    pool: 'threads',
    // Test files and what they import load through Bun's own module loader, not Vite's module
    // runner: Bun reads TypeScript, the migrations' `with { type: 'text' }`, the built site's
    // `with { type: 'file' }` and the workspace packages as the app does, and a file's imports
    // (the whole server for an API file) cost about half the CPU time they took through Vite,
    // and they load once per worker (below). No test mocks a module
    // (which would need the loader hooks: nodeLoader).
    experimental: { viteModuleRunner: false, nodeLoader: false },
    // A worker keeps what it loaded from one file to the next, in both projects: the server, its
    // dependencies and the test support load once per worker, not once per file. Each file still starts and stops its
    // own servers; what the server keeps per module is set by the server that starts (rate-limit
    // sharing, log capture) or released when an operation ends (backup), and test support keeps
    // one in-process server at a time per worker. The engine check makes sure no worker passes
    // from one engine's project to the other's.
    isolate: false,
    setupFiles: ['server/test/support/engine-check.ts'],
    // Three files at once on the 2-core CI machine, the fastest of two, three and four
    // (docs/developing/testing.md): while a file waits on a server process, a child or the network,
    // the third keeps the cores busy; a fourth only adds contention. Each file has its own data
    // dirs, databases and free ports; tests hash passwords at the tests' low cost, so sign-ins do
    // not starve while every core is busy.
    maxWorkers: 3,
    sequence: { sequencer: ApiFilesFirstWhenNew },
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
