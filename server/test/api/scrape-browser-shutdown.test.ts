/**
 * The server's scraping Chromium ends with the server: on SIGTERM (a service manager's stop) or
 * SIGHUP (the terminal it ran in closed) `wishwell serve` closes it, its zygotes, renderers and
 * helpers with it, and removes its profile from the temp dir, before the process exits. (A killed
 * server's browser ends when its pipe closes: scrape-browser.test.ts.)
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from '../../src/features/scrape/browser-pool';
import { browserProfiles, SCRIPT_ONLY_TITLE, scriptOnlyShop } from '../support/browser-shutdown';
import { browserProcessesOf, running } from '../support/processes';
import { startServerProcess } from '../support/test-server';
import { signUp } from '../support/wishlists';

const chromium = findChromium(process.env.CHROMIUM_PATH ?? null);
const shop = scriptOnlyShop();
const temp = mkdtempSync(join(tmpdir(), 'wishwell-browser-temp-'));
afterAll(() => {
  shop.stop(true);
  rmSync(temp, { recursive: true, force: true });
});

describe.skipIf(!chromium).each(['SIGTERM', 'SIGHUP'] as const)('a server stopped with %s', (signal) => {
  it('leaves no Chromium process and no browser profile behind, and says why it stopped', async () => {
    const server = await startServerProcess({ SCRAPE_ALLOW_HOSTS: '127.0.0.1', TMPDIR: temp });
    const { client } = await signUp(server.url, 'Ada');
    const scraped = await client.post('/scrape', { url: `http://127.0.0.1:${shop.port}/lamp` });
    expect(scraped.body).toMatchObject({ title: SCRIPT_ONLY_TITLE });
    const browser = browserProcessesOf(server.pid);
    expect(browser.length, 'the browser, its zygotes and renderers').toBeGreaterThan(2);
    expect(browserProfiles(temp)).toHaveLength(1);

    const exitCode = await server.signal(signal);
    // A renderer may take a moment longer than the browser process to go; one left alone to notice
    // its closed pipe would still write into the profile, which is gone at once.
    await expect.poll(() => browser.filter(running), { timeout: 2_000 }).toEqual([]);
    expect(browserProfiles(temp)).toEqual([]);
    expect(exitCode).toBe(0);
    expect(server.output()).toContain(`${signal} received: finishing requests and closing the database`);
    await server.stop();
  });
});
