import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PUBLIC_STANDARD_PATHS } from '../../src/ui/icon-paths-public';
import { MORE_STANDARD_PATHS } from '../../src/ui/icon-paths-more';

const SOURCE = join(import.meta.dirname, '../../src');
/** `icon="add"`, `rightIcon="cross"`, `icon: 'person'`, `icon={'random'}`: an icon named in the code. */
const NAMED_ICON = /\b(?:icon|rightIcon)(?:=\{?["']|: ')([a-z0-9-]+)["']/g;

/** Every icon the web app names, with the file naming it. */
function iconsNamed(): { icon: string; file: string }[] {
  const files = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.tsx') || file.endsWith('.ts'));
  return files.flatMap((file) => [...readFileSync(join(SOURCE, file), 'utf8').matchAll(NAMED_ICON)].map((match) => ({ icon: match[1]!, file })));
}

// The app serves icon paths from its bundle (ui/icons.ts): a name missing there draws an empty gap where the icon should be.
test('every icon the web app names is in the bundle', () => {
  const bundled = new Set([...Object.keys(PUBLIC_STANDARD_PATHS), ...Object.keys(MORE_STANDARD_PATHS)]);
  const named = iconsNamed();
  expect(named.length).toBeGreaterThan(20);
  expect(named.filter(({ icon }) => !bundled.has(icon))).toEqual([]);
});
