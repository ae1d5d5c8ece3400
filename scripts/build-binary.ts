// Compiles the server, with the built site and migrations embedded, into one executable:
// dist/wishwell. Run `bun run build` (it builds the site first).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');
const outfile = join(root, 'dist', 'wishwell');
mkdirSync(join(root, 'dist'), { recursive: true });

const started = performance.now();
const build = Bun.spawnSync(
  ['bun', 'build', '--compile', '--minify', '--sourcemap=none', join(root, 'server', 'src', 'main.ts'), '--outfile', outfile],
  { cwd: root, stdio: ['inherit', 'inherit', 'inherit'] },
);
if (build.exitCode !== 0) process.exit(build.exitCode ?? 1);
const size = Bun.file(outfile).size / (1024 * 1024);
console.log(`dist/wishwell: ${size.toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
