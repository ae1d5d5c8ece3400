import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from '../../src/features/scrape/browser-pool';

const root = mkdtempSync(join(tmpdir(), 'find-chromium-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A directory holding empty executables of these names. */
function binDir(name: string, programs: string[]): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const program of programs) {
    writeFileSync(join(dir, program), '#!/bin/sh\n');
    chmodSync(join(dir, program), 0o755);
  }
  return dir;
}

describe('the scraper finds a browser on PATH', () => {
  it('takes the headless build over the full browser, wherever each is on PATH', () => {
    const full = binDir('full', ['chromium', 'google-chrome']);
    const headless = binDir('headless', ['chromium-headless-shell']);
    expect(findChromium(null, [full, headless].join(delimiter))).toBe(join(headless, 'chromium-headless-shell'));
  });

  it('falls back to the full browser when there is no headless build', () => {
    const dir = binDir('only-full', ['google-chrome']);
    expect(findChromium(null, [binDir('empty', []), dir].join(delimiter))).toBe(join(dir, 'google-chrome'));
    expect(findChromium(null, binDir('none', []))).toBeNull();
  });

  it('uses CHROMIUM_PATH when it is set, and nothing when that file is missing', () => {
    const onPath = binDir('on-path', ['chromium-headless-shell']);
    const configured = join(binDir('configured', ['chromium']), 'chromium');
    expect(findChromium(configured, onPath)).toBe(configured);
    expect(findChromium(join(root, 'missing'), onPath)).toBeNull();
  });
});
