// The browser tests' server (scripts/e2e-server.ts) started and ended as Playwright's webServer
// does (playwright.config.ts: its command under `sh -c` in a process group of its own, ended by
// E2E_SERVER_SHUTDOWN's signal to that group): once it has rendered a page in its scraping
// Chromium, its end leaves no Chromium process, no browser profile and no data dir in the run's
// temp dir. Playwright's default end, SIGKILL to the group, left the browser (a process group of
// its own) shutting down alone, writing its profile as the run removed the directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findChromium } from '@wishwell/server/features/scrape/browser-pool';
import { browserProfiles, SCRIPT_ONLY_TITLE, scriptOnlyShop } from '@wishwell/server/test-support/browser-shutdown';
import { browserProcessesOf, childrenOf, running } from '@wishwell/server/test-support/processes';
import { E2E_ADMIN } from '@wishwell/web/e2e-support/constants';
import { E2E_SERVER_SHUTDOWN, e2eServerCommand } from '@wishwell/web/e2e-support/server-command';
import { freeConsecutivePorts } from '../free-ports';

const shop = scriptOnlyShop();
const temp = mkdtempSync(join(tmpdir(), 'wishwell-e2e-end-'));
afterAll(() => {
  shop.stop(true);
  rmSync(temp, { recursive: true, force: true });
});

describe.skipIf(!findChromium(process.env.CHROMIUM_PATH ?? null))("the browser tests' server", () => {
  it('leaves no Chromium process, browser profile or data dir when Playwright ends it', async () => {
    const port = await freeConsecutivePorts(2);
    const group = spawn('sh', ['-c', e2eServerCommand(port, process.pid)], { detached: true, env: { ...process.env, TMPDIR: temp }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    group.stdout.on('data', (chunk: Buffer) => (output += chunk));
    group.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const closed = new Promise((resolve) => group.once('close', resolve));
    try {
      const api = `http://127.0.0.1:${port}/api/v1/`;
      await expect.poll(async () => (await fetch(new URL('health', api)).catch(() => null))?.ok, { timeout: 20_000, interval: 100 }).toBe(true);
      const login = await fetch(new URL('users/login', api), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: E2E_ADMIN.email, password: E2E_ADMIN.password }) });
      const { token } = (await login.json()) as { token: string };
      const scraped = await fetch(new URL('scrape', api), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ url: `http://127.0.0.1:${shop.port}/lamp` }) });
      expect(await scraped.json(), output).toMatchObject({ title: SCRIPT_ONLY_TITLE });
      const browser = childrenOf(group.pid!).flatMap(browserProcessesOf);
      expect(browser.length, 'the browser, its zygotes and renderers').toBeGreaterThan(2);
      expect(browserProfiles(temp)).toHaveLength(1);

      process.kill(-group.pid!, E2E_SERVER_SHUTDOWN.signal);
      await closed; // as Playwright waits: the group's leader gone and its output closed
      await expect.poll(() => browser.filter(running), { timeout: 2_000 }).toEqual([]);
      expect(readdirSync(temp)).toEqual([]);
    } finally {
      try {
        process.kill(-group.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
});
