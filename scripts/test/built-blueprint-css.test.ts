import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { blueprintSubset, builtSiteClasses, INSTALLED_BLUEPRINT_SHEET, mayBeProduced } from '../blueprint-css';

// The built site (`bun run build:web`, which `npm test` runs first): the Blueprint sheet it ships
// must hold the rules of every Blueprint class its scripts can produce. A component added later
// whose classes the cut misses shows unstyled; this names the class.
const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'web', 'dist');
const assets = join(dist, 'assets');
const shippedPath = readFileSync(join(dist, 'index.html'), 'utf8').match(/href="\/(assets\/blueprint-[\w-]+\.css)"/)![1]!;
const shipped = readFileSync(join(dist, shippedPath), 'utf8');
const installed = readFileSync(INSTALLED_BLUEPRINT_SHEET, 'utf8');
const produced = builtSiteClasses(assets, readFileSync(join(root, 'web', 'index.html'), 'utf8'), shippedPath.slice('assets/'.length));
const classesOf = (css: string) => new Set([...css.matchAll(/\.(bp6-[\w-]+)/g)].map((m) => m[1]!));

/** The size measured when the cut was made (350 KB raw, 32 KB gzipped), with a margin for new components. */
const MAX_RAW = 400_000;
const MAX_GZIP = 38_000;

describe('the shipped Blueprint sheet', () => {
  it('is the cut of the installed sheet to the classes of every shipped script and sheet', () => {
    expect(produced.names.size).toBeGreaterThan(100);
    expect(shipped === blueprintSubset(installed, produced)).toBe(true);
  });

  it('has rules for every Blueprint class the shipped files name or complete from a prefix', () => {
    // Read apart from the cut's parser: each selector of the installed sheet whose Blueprint classes
    // may all be produced must bring those classes into the shipped sheet.
    const selectors = [...installed.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{};]+)\{/g)].flatMap((m) => m[1]!.split(','));
    const needed = new Set<string>();
    for (const selector of selectors) {
      const required = [...selector.replace(/:not\([^)]*\)|\[[^\]]*\]/g, '').matchAll(/\.(bp6-[\w-]+)/g)].map((m) => m[1]!);
      if (required.every((name) => mayBeProduced(name, produced))) for (const name of required) needed.add(name);
    }
    const inShipped = classesOf(shipped);
    expect([...needed].filter((name) => !inShipped.has(name))).toEqual([]);
    expect(needed.size).toBeGreaterThan(200);
    for (const name of ['bp6-button', 'bp6-dialog', 'bp6-menu-item', 'bp6-popover', 'bp6-toast', 'bp6-tag', 'bp6-html-table', 'bp6-dark', 'bp6-intent-primary']) {
      expect(inShipped, name).toContain(name);
    }
  });

  it('keeps the classes a produced name makes with a suffix written out in a script', () => {
    // A way of making names the cut might not know: a produced name joined with a literal such as
    // "-fill" (a popover's arrow does `arrow+"-fill"`), wherever the two make a class of Blueprint's.
    const installedClasses = classesOf(installed);
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js')).map((name) => readFileSync(join(assets, name), 'utf8'));
    const suffixes = new Set(scripts.flatMap((text) => [...text.matchAll(/["'`](-[a-z][\w-]*)["'`]/g)].map((m) => m[1]!)));
    const made = [...produced.names].flatMap((name) => [...suffixes].map((suffix) => name + suffix));
    expect(made.filter((name) => installedClasses.has(name) && !mayBeProduced(name, produced))).toEqual([]);
  });

  it(`stays under ${MAX_RAW / 1000} KB raw and ${MAX_GZIP / 1000} KB gzipped`, () => {
    expect(shipped.length).toBeLessThan(MAX_RAW);
    expect(gzipSync(shipped, { level: 9 }).length).toBeLessThan(MAX_GZIP);
    expect(classesOf(shipped).size).toBeLessThan(classesOf(installed).size / 2);
  });
});
