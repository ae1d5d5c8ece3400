import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { findChromium } from '../../src/features/scrape/browser-pool';

const root = mkdtempSync(join(tmpdir(), 'find-chromium-'));
const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});
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
    process.env.PATH = [full, headless].join(delimiter);
    expect(findChromium(null)).toBe(join(headless, 'chromium-headless-shell'));
  });

  it('falls back to the full browser when there is no headless build', () => {
    const dir = binDir('only-full', ['google-chrome']);
    process.env.PATH = [binDir('empty', []), dir].join(delimiter);
    expect(findChromium(null)).toBe(join(dir, 'google-chrome'));
    process.env.PATH = binDir('none', []);
    expect(findChromium(null)).toBeNull();
  });

  it('uses CHROMIUM_PATH when it is set, and nothing when that file is missing', () => {
    process.env.PATH = binDir('on-path', ['chromium-headless-shell']);
    const configured = join(binDir('configured', ['chromium']), 'chromium');
    expect(findChromium(configured)).toBe(configured);
    expect(findChromium(join(root, 'missing'))).toBeNull();
  });
});
