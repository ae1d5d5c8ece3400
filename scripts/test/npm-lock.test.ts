// `npm install` installs Bun alone (.npmrc: workspaces=false), yet resolves every workspace's
// dependencies first: package-lock.json answers that without a registry request per package. A
// lock that no longer matches a package.json sends npm back to the registry (a minute or two) and
// rewrites the lock in the checkout: renew it with `npm install --package-lock-only`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

type Manifest = Partial<Record<(typeof DEPENDENCY_FIELDS)[number], Record<string, string>>> & { workspaces?: string[] };

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
const rootManifest = readJson<Manifest>('package.json');
const lock = readJson<{ packages: Record<string, Manifest> }>('package-lock.json');

const declared = (manifest: Manifest) => Object.fromEntries(DEPENDENCY_FIELDS.flatMap((field) => (manifest[field] ? [[field, manifest[field]]] : [])));

describe('package-lock.json', () => {
  it('lists the workspaces the root package.json declares', () => {
    expect(lock.packages['']?.workspaces).toEqual(rootManifest.workspaces);
    expect(declared(lock.packages[''] ?? {})).toEqual(declared(rootManifest));
  });

  it.each(rootManifest.workspaces ?? [])("has the dependencies %s/package.json declares", (workspace) => {
    expect(declared(lock.packages[workspace] ?? {})).toEqual(declared(readJson<Manifest>(`${workspace}/package.json`)));
  });
});
