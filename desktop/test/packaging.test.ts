import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { iconFromLogo } from '@wishwell/shared/logo-icon';

const desktopDir = join(import.meta.dirname, '..');
const configFile = join(desktopDir, 'electron-builder.json');

/** The configuration exactly as electron-builder loads it (package.json and the config file merged). */
const loadConfig = () => getConfig(desktopDir, configFile, null);

describe('electron-builder configuration', () => {
  it("passes electron-builder's own schema validation", async () => {
    await expect(validateConfiguration(await loadConfig(), new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('builds AppImage and deb for Linux, NSIS for Windows and dmg for macOS under one app id', async () => {
    const config = await loadConfig();
    expect(config.appId).toBe('com.wishwell.admin');
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.files).toEqual([{ filter: ['dist/**/*', 'package.json'] }]);
    expect(config.directories).toMatchObject({ output: 'release', buildResources: 'build' });
  });

  it('flips the security fuses: no RunAsNode, encrypted cookies, ASAR integrity, app only from the ASAR', async () => {
    const config = await loadConfig();
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
    });
  });

  it('is refused by the same validation when a fuse name is misspelt', async () => {
    const config = { ...(await loadConfig()), electronFuses: { runAsNod: false } } as never;
    await expect(validateConfiguration(config, new DebugLogger(false))).rejects.toThrow(/electronFuses/);
  });

  it('starts the bundled main process and ships no runtime dependencies (everything is bundled)', () => {
    const pkg = JSON.parse(readFileSync(join(desktopDir, 'package.json'), 'utf8'));
    expect(pkg.main).toBe('dist/main.cjs');
    expect(pkg.devDependencies.electron).toMatch(/^\^\d+/);
    expect(pkg.dependencies ?? {}).toEqual({});
  });
});

describe('the app icon', () => {
  it("is the logo's gift-box mark, square, 512 px, transparent around it", () => {
    const logo = readFileSync(join(desktopDir, '..', 'web', 'public', 'Logo.png'));
    const icon = PNG.sync.read(iconFromLogo(logo));
    expect([icon.width, icon.height]).toEqual([512, 512]);
    const pixel = (x: number, y: number) => [...icon.data.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 4)];
    expect(pixel(2, 2)[3]).toBe(0);
    // The mark's pink (#e84393-ish) fills the box near its edge; the white gift sits in the middle.
    const [r, g, b, a] = pixel(70, 256);
    expect(a).toBe(255);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(100);
    expect(b).toBeGreaterThan(110);
    expect(pixel(200, 300).slice(0, 3).every((c) => c > 230)).toBe(true);
  });
});

describe('the desktop build (bun run desktop:build before electron-builder)', () => {
  it('bundles each process into one file; sandboxed preloads need nothing but electron', () => {
    const build = spawnSync('bun', [join(desktopDir, '..', 'scripts', 'build-desktop.ts')], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    const dist = join(desktopDir, 'dist');
    const requires = (file: string) => [...new Set([...readFileSync(join(dist, file), 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
    expect(requires('preload.cjs')).toEqual(['electron']);
    expect(requires('setup-preload.cjs')).toEqual(['electron']);
    expect(requires('main.cjs').filter((name) => name !== 'electron' && !name!.startsWith('node:'))).toEqual([]);
    const setupPage = readFileSync(join(dist, 'setup.html'), 'utf8');
    for (const [, file] of setupPage.matchAll(/(?:src|href)="([^"]+)"/g)) expect(existsSync(join(dist, file!)), file).toBe(true);
    expect(existsSync(join(desktopDir, 'build', 'icon.png'))).toBe(true);
  });
});
