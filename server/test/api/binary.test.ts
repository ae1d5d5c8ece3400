import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readViews } from '../support/visitor-rows';
import { openStore } from '../../src/db/open-store';
import type { Wishlist } from '@wishwell/shared/wishlist-types';
import { ApiClient } from '../support/api-client';
import { addItem, signUp } from '../support/wishlists';

// The self-hoster's path: `npm run build` makes dist/wishwell, which runs alone in an empty folder.
const root = join(import.meta.dirname, '..', '..', '..');
let folder: string;
let binary: string;

// The binary embeds SQLite and runs the same on PostgreSQL: built and run once, in the SQLite run.
describe('the single executable', () => {
  beforeAll(() => {
    const build = Bun.spawnSync(['bun', join(root, 'scripts', 'build-binary.ts')], { cwd: root });
    expect(build.exitCode, build.stderr.toString()).toBe(0);
    folder = mkdtempSync(join(tmpdir(), 'wishwell-binary-'));
    binary = join(folder, 'wishwell');
    copyFileSync(join(root, 'dist', 'wishwell'), binary);
  }, 120_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  async function waitForUrl(read: () => string): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const match = read().match(/listening on (http:\/\/\S+)/);
      if (match) return match[1]!;
      await Bun.sleep(25);
    }
    throw new Error('binary did not start: ' + read());
  }

  it('lists every setting in --help', () => {
    const help = Bun.spawnSync([binary, '--help']).stdout.toString();
    for (const name of ['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'PUBLIC_URL', 'JWT_SECRET', 'SMTP_URL', 'MAIL_FROM', 'ADMIN_EMAIL', 'CHROMIUM_PATH', 'TRUST_PROXY']) {
      expect(help).toContain(name);
    }
    expect(help).toContain('serve');
  });

  it("renders pages with React's production build (faster, less memory than the development one)", async () => {
    // A warning only React's development build carries; `bun build --compile` picks that build unless told otherwise.
    const bytes = await Bun.file(binary).bytes();
    expect(Buffer.from(bytes.buffer).includes('Each child in a list should have a unique')).toBe(false);
  });

  it('refuses an unknown command with a clear message', () => {
    const run = Bun.spawnSync([binary, 'frobnicate']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr.toString()).toContain('Unknown command "frobnicate"');
  });

  it('serves the API and the site from an empty folder, then shuts down cleanly on SIGTERM', async () => {
    let output = '';
    const child = Bun.spawn([binary, '--port', '0', '--host', '127.0.0.1'], { cwd: folder, stdout: 'pipe', stderr: 'pipe' });
    const decoder = new TextDecoder();
    void (async () => {
      const reader = child.stdout.getReader();
      for (let c = await reader.read(); !c.done; c = await reader.read()) output += decoder.decode(c.value);
    })();
    const url = await waitForUrl(() => output);

    expect(await (await fetch(url + '/api/v1/health')).json()).toMatchObject({ status: 'ok', db: 'ok' });
    const shell = await (await fetch(url + '/dashboard')).text();
    expect(shell).toContain('<div id="root"></div>');
    const logo = await fetch(url + '/Logo.png');
    expect(logo.headers.get('content-type')).toBe('image/png');
    const cover = await fetch(url + '/covers/birthday.svg');
    expect(cover.status).toBe(200);
    const css = shell.match(/href="(\/assets\/blueprint-[^"]+\.css)"/)![1]!;
    expect((await fetch(url + css)).status).toBe(200);
    expect(readdirSync(join(folder, 'data'))).toContain('wishwell.db');
    // The API reference and its Swagger UI come from inside the binary, not a CDN.
    const docs = await (await fetch(url + '/api/docs')).text();
    const docScripts = [...docs.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(docScripts).toEqual([expect.stringMatching(/^\/api-docs\/swagger-ui-bundle-\w+\.js$/), expect.stringMatching(/^\/api-docs\/boot-\w+\.js$/)]);
    for (const script of docScripts) expect((await fetch(url + script)).status).toBe(200);
    expect((await (await fetch(url + '/api/docs/json')).json()).openapi).toBe('3.1.0');

    child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    expect(output).toContain('SIGTERM received');
    // Closing the last connection checkpoints the WAL into the database file.
    expect(existsSync(join(folder, 'data', 'wishwell.db-wal'))).toBe(false);
  });

  /** The executable serving `dataDir` on a free port; stop() sends SIGTERM and expects a clean exit. */
  async function serve(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
    let output = '';
    const child = Bun.spawn([binary, '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], { cwd: folder, stdout: 'pipe' });
    void (async () => {
      const reader = child.stdout.getReader();
      for (let c = await reader.read(); !c.done; c = await reader.read()) output += new TextDecoder().decode(c.value);
    })();
    const url = await waitForUrl(() => output);
    return {
      url,
      stop: async () => {
        child.kill('SIGTERM');
        expect(await child.exited).toBe(0);
      },
    };
  }

  it("backs up and restores a data dir on its own worker threads (the backup's dump, the restore's staging)", async () => {
    const work = mkdtempSync(join(tmpdir(), 'wishwell-binary-backup-'));
    try {
      const source = await serve(join(work, 'data'));
      const owner = await signUp(source.url, 'Olivia');
      const list = (await owner.client.post<Wishlist>('/wishlists', { name: 'Kept through the backup', theme: 'Birthday' })).body;
      await addItem(owner.client, list._id, { title: 'A kite' });
      await source.stop();
      const archive = join(work, 'wishlist-backup.gz');
      const backup = Bun.spawnSync([binary, 'backup', '--out', archive, '--data-dir', join(work, 'data')]);
      expect(backup.exitCode, backup.stderr.toString()).toBe(0);
      const restore = Bun.spawnSync([binary, 'restore', archive, '--data-dir', join(work, 'restored')]);
      expect(restore.exitCode, restore.stderr.toString()).toBe(0);

      const restored = await serve(join(work, 'restored'));
      try {
        const client = new ApiClient(restored.url);
        expect((await client.post('/users/login', { email: owner.email, password: 'correct horse battery' })).status).toBe(200);
        const items = (await client.get<Wishlist & { items: { title: string }[] }>(`/wishlists/${list._id}`)).body.items;
        expect(items.map((item) => item.title)).toEqual(['A kite']);
      } finally {
        await restored.stop();
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('locates visitors with the GeoLite2 databases the build puts beside it (dist/geoip)', async () => {
    const beside = mkdtempSync(join(tmpdir(), 'wishwell-binary-geoip-'));
    try {
      copyFileSync(binary, join(beside, 'wishwell'));
      cpSync(join(root, 'dist', 'geoip'), join(beside, 'geoip'), { recursive: true });
      let output = '';
      const child = Bun.spawn([join(beside, 'wishwell'), '--port', '0', '--host', '127.0.0.1'], { cwd: beside, env: { ...process.env, TRUST_PROXY: '1' }, stdout: 'pipe' });
      void (async () => {
        const reader = child.stdout.getReader();
        for (let c = await reader.read(); !c.done; c = await reader.read()) output += new TextDecoder().decode(c.value);
      })();
      const url = await waitForUrl(() => output);
      expect((await fetch(url + '/', { headers: { 'x-forwarded-for': '81.2.69.142' } })).status).toBe(200);
      child.kill('SIGTERM'); // the waiting page view is written before the database closes
      expect(await child.exited).toBe(0);
      expect(output).not.toContain('geoip.unavailable');
      const store = await openStore({ dataDir: join(beside, 'data'), databaseUrl: null });
      try {
        const rows = await readViews(store);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ ipAddress: '81.2.69.142', country: 'United Kingdom' });
        expect(rows[0]!.city).not.toBe('');
      } finally {
        await store.close();
      }
    } finally {
      rmSync(beside, { recursive: true, force: true });
    }
  });
});
