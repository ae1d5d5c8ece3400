// Builds the desktop app into desktop/dist for Electron (main and preloads as CommonJS for its
// Node; the setup form's script for the browser) and writes the app icon from the product logo
// (desktop/dist/icon.png for windows and notifications, desktop/build/icon.png for electron-builder).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { iconFromLogo } from '@wishwell/shared/logo-icon';

const root = join(import.meta.dir, '..');
const src = join(root, 'desktop', 'src');
const dist = join(root, 'desktop', 'dist');
const buildResources = join(root, 'desktop', 'build');

async function bundle(entry: string, target: 'node' | 'browser', format: 'cjs' | 'iife', outName: string): Promise<void> {
  const result = await Bun.build({ entrypoints: [join(src, entry)], target, format, external: ['electron'], minify: true, sourcemap: 'none' });
  if (!result.success) throw new AggregateError(result.logs, `bundling ${entry} failed`);
  writeFileSync(join(dist, outName), await result.outputs[0]!.text());
}

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
mkdirSync(buildResources, { recursive: true });
await bundle('main.ts', 'node', 'cjs', 'main.cjs');
// Sandboxed preloads may only require('electron'): one self-contained CommonJS file each.
await bundle('preload.ts', 'node', 'cjs', 'preload.cjs');
await bundle('setup-preload.ts', 'node', 'cjs', 'setup-preload.cjs');
await bundle('setup-page.ts', 'browser', 'iife', 'setup-page.js');
for (const file of ['setup.html', 'setup.css']) copyFileSync(join(src, file), join(dist, file));
const icon = iconFromLogo(readFileSync(join(root, 'web', 'public', 'Logo.png')));
writeFileSync(join(dist, 'icon.png'), icon);
writeFileSync(join(buildResources, 'icon.png'), icon);
console.log(`desktop app built in ${dist}`);
