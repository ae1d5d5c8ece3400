import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LANDING_LARGE_PATHS } from '../../src/ui/icon-paths-landing';
import { MORE_LARGE_PATHS, MORE_STANDARD_PATHS } from '../../src/ui/icon-paths-more';
import { PUBLIC_STANDARD_PATHS } from '../../src/ui/icon-paths-public';

// The app serves Blueprint's icon paths from its own bundle (ui/icons.ts): an icon named in the
// code but missing there draws as an empty square, a gap in its button (issue 36's review found
// "Draw names" and the restore alert so). Every icon the source names must be in the bundle.

const SOURCE = join(import.meta.dirname, '../../src');
const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
const sources = files.map((file) => readFileSync(join(SOURCE, file), 'utf8'));

/** The names in `icon="x"`, `icon: 'x'` and `icon={cond ? 'x' : 'y'}` (the names after the `?`; also leftIcon, rightIcon, endIcon). */
function namedIcons(text: string): string[] {
  const literal = [...text.matchAll(/\b(?:icon|Icon)(?:=|: )["']([a-z0-9-]+)["']/g)].map((match) => match[1]!);
  const chosen = [...text.matchAll(/\b(?:icon|Icon)=\{[^{}?]*\?([^{}]*)\}/g)].flatMap((match) => [...match[1]!.matchAll(/'([a-z0-9-]+)'/g)].map((name) => name[1]!));
  return [...literal, ...chosen];
}

/** Icons drawn at 20 px or more (an empty state's, an alert's): Blueprint takes their 20px paths. */
function largeIcons(text: string): string[] {
  return [...text.matchAll(/<(?:NonIdealState|ConfirmDeleteAlert)\b[^>]*?\bicon="([a-z0-9-]+)"/g)].map((match) => match[1]!);
}

describe('the bundled icons', () => {
  test('every icon the app names at 16 px has its paths', () => {
    const bundled = new Set([...Object.keys(PUBLIC_STANDARD_PATHS), ...Object.keys(MORE_STANDARD_PATHS)]);
    const named = new Set(sources.flatMap(namedIcons));
    expect(named.size).toBeGreaterThan(40);
    expect([...named].filter((name) => !bundled.has(name)).sort()).toEqual([]);
  });

  test('every icon of an empty state or an alert has its 20px paths', () => {
    const bundled = new Set([...Object.keys(LANDING_LARGE_PATHS), ...Object.keys(MORE_LARGE_PATHS)]);
    const named = new Set(['trash', ...sources.flatMap(largeIcons)]); // trash: the alert's own
    expect(named).toContain('history');
    expect([...named].filter((name) => !bundled.has(name)).sort()).toEqual([]);
  });
});
