import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Code that reaches the database through the store (everything but the store itself). */
const storeUsers = sourceFiles(SRC).filter((file) => !relative(SRC, file).startsWith('db/') && /from '[./]+\/db\/store'/.test(readFileSync(file, 'utf8')));

describe('the data seam', () => {
  it('is used by the services (this check would otherwise pass on nothing)', () => {
    expect(storeUsers.length).toBeGreaterThan(10);
  });

  it.each(storeUsers.map((file) => [relative(SRC, file), file]))(
    '%s awaits queries instead of the synchronous .get()/.all()/.run()/.values() (they do not exist on PostgreSQL)',
    (_, file) => {
      const calls = readFileSync(file, 'utf8').match(/\)\s*\.(get|all|run|values)\(\)/g) ?? [];
      expect(calls).toEqual([]);
    },
  );

  it.each(storeUsers.map((file) => [relative(SRC, file), file]))('%s takes tables from the store, not from a schema module', (_, file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/^import (?!type).*from '[./]+\/db\/schema/m);
  });
});
