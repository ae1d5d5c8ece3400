// `bun run lint:deps` (.dependency-cruiser.cjs) keeps the packages apart: each case here is a small
// tree in a temp dir with one import that breaks a boundary, and the rule that must refuse it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type IConfiguration, type IReporterOutput } from 'dependency-cruiser';
import { afterEach, describe, expect, test } from 'vitest';

const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;
let root: string | undefined;

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** The rules broken by the tree `files` (path -> source), each as "rule: from -> to". */
async function brokenRules(files: Record<string, string>): Promise<string[]> {
  root = mkdtempSync(join(tmpdir(), 'wishwell-bounds-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const result: IReporterOutput = await cruise(['shared', 'server', 'web'].filter((name) => Object.keys(files).some((path) => path.startsWith(`${name}/`))), {
    ...config.options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  if (typeof result.output === 'string') throw new Error('expected the cruise result as an object');
  return result.output.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} -> ${to}`);
}

describe('the import boundaries', () => {
  test('a tree that keeps them breaks no rule', async () => {
    expect(await brokenRules({ 'server/src/a.ts': "import { b } from './b';\nexport const a = b;\n", 'server/src/b.ts': 'export const b = 1;\n' })).toEqual([]);
  });

  test('a relative import from one package into another is refused, and so is web code reaching the server', async () => {
    const broken = await brokenRules({
      'web/src/page.ts': "import { apiRoutes } from '../../server/src/api-routes';\nexport const page = apiRoutes;\n",
      'server/src/api-routes.ts': 'export const apiRoutes = 1;\n',
    });
    expect(broken).toContain('no-relative-import-across-packages: web/src/page.ts -> server/src/api-routes.ts');
    expect(broken).toContain('web-sees-only-the-api-types: web/src/page.ts -> server/src/api-routes.ts');
  });

  test('the route types reach web as types only', async () => {
    const files = { 'server/src/api-types.ts': 'export type ApiRoutes = { health: true };\nexport const marker = 1;\n' };
    const valueImport = "import { marker } from '../../../server/src/api-types';\nexport const routes = marker;\n";
    expect(await brokenRules({ ...files, 'web/src/api/routes.ts': valueImport })).toContain('api-types-are-type-only: web/src/api/routes.ts -> server/src/api-types.ts');
  });

  test('shared imports none of the server, http/ and db/ no feature, and a feature reaches http/ from its routes only', async () => {
    const broken = await brokenRules({
      'shared/src/helper.ts': "import { errors } from '../../server/src/http/errors';\nexport const helper = errors;\n",
      'server/src/http/errors.ts': "import { service } from '../features/lists/service';\nexport const errors = service;\n",
      'server/src/http/cookies.ts': 'export const cookies = 1;\n',
      'server/src/features/lists/service.ts': "import { cookies } from '../../http/cookies';\nexport const service = cookies;\n",
      'server/src/features/lists/routes.ts': "import { cookies } from '../../http/cookies';\nexport const routes = cookies;\n",
    });
    expect(broken).toContain('shared-is-the-ground: shared/src/helper.ts -> server/src/http/errors.ts');
    expect(broken).toContain('http-and-db-know-no-features: server/src/http/errors.ts -> server/src/features/lists/service.ts');
    expect(broken).toContain('features-reach-http-from-routes: server/src/features/lists/service.ts -> server/src/http/cookies.ts');
    expect(broken.filter((line) => line.includes('features/lists/routes.ts'))).toEqual([]);
  });

  test("a feature reaches an engine's Drizzle module only from a file named for that engine", async () => {
    const drizzle = {
      'node_modules/drizzle-orm/package.json': JSON.stringify({ name: 'drizzle-orm', exports: { './sqlite-core': './sqlite-core/index.js' } }),
      'node_modules/drizzle-orm/sqlite-core/index.js': 'export const sqliteTable = 1;\n',
    };
    const importing = "import { sqliteTable } from 'drizzle-orm/sqlite-core';\nexport const table = sqliteTable;\n";
    const broken = await brokenRules({ ...drizzle, 'server/src/features/lists/queries.ts': importing, 'server/src/features/lists/queries.sqlite.ts': importing });
    expect(broken).toEqual(['engine-types-in-engine-files: server/src/features/lists/queries.ts -> node_modules/drizzle-orm/sqlite-core/index.js']);
  });

  test('an import circle through two packages is refused', async () => {
    const broken = await brokenRules({
      'server/src/render.ts': "import { page } from '../../web/src/page';\nexport const render = page;\n",
      'web/src/page.ts': "import type { render } from '../../server/src/render';\nexport const page = 1;\nexport type Render = typeof render;\n",
    });
    expect(broken.some((line) => line.startsWith('no-circle-through-server: '))).toBe(true);
  });
});
