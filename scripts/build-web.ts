// Builds the React site into web/dist (hashed, code-split, minified, pre-compressed) and writes
// server/src/site/assets.generated.ts, which embeds every file in the server binary.
// Blueprint's stylesheet is a static asset (Bun's CSS bundler rejects its oklch syntax), cut to the
// rules the built scripts can use (scripts/blueprint-css.ts).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { blueprintSubset, builtSiteClasses, INSTALLED_BLUEPRINT_SHEET } from './blueprint-css';
import { writeLanguageIndex } from './language-index';
import { webLanguages } from './web-languages';

const root = join(import.meta.dir, '..');
const webDir = join(root, 'web');
const finalDir = join(webDir, 'dist');
// Built in a private folder, then swapped in, so a server starting meanwhile never sees half a build.
const distDir = join(webDir, `dist.building-${process.pid}`);
const manifestFile = join(root, 'server', 'src', 'site', 'assets.generated.ts');
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

function contentHash(bytes: Uint8Array): string {
  return new Bun.CryptoHasher('sha256').update(bytes).digest('hex').slice(0, 10);
}

// react-popper (under Blueprint's Popover) declares a React 18 peer, so the install nests React 18
// beside it; a second React breaks every hook inside a popover. All imports get the app's React.
const singleReact: import('bun').BunPlugin = {
  name: 'single-react',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => ({ path: Bun.resolveSync(args.path, webDir) }));
  },
};
// Blueprint's icon loader checks names against the table of every icon name (a tenth of the first
// download); the app's own loader (web/src/ui/icon-registry.ts) takes its place in the bundle.
const ownIconLoader: import('bun').BunPlugin = {
  name: 'own-icon-loader',
  setup(build) {
    build.onResolve({ filter: /^\.\/iconLoader$/ }, (args) =>
      args.importer.includes('@blueprintjs/icons') ? { path: join(webDir, 'src', 'ui', 'icon-registry.ts') } : undefined,
    );
  },
};

async function bundleScripts(): Promise<string[]> {
  const result = await Bun.build({
    entrypoints: [join(webDir, 'src', 'main.tsx')],
    plugins: [singleReact, ownIconLoader, webLanguages(webDir)],
    outdir: join(distDir, 'assets'),
    target: 'browser',
    format: 'esm',
    splitting: true,
    minify: true,
    sourcemap: 'none',
    naming: { entry: '[name]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('web build failed');
  }
  return result.outputs.filter((o) => o.kind === 'entry-point' || o.path.endsWith('.css')).map((o) => '/' + relative(distDir, o.path));
}

/** Blueprint's sheet with the rules of the classes the built scripts, the app's sheets and the shell can produce. */
function writeBlueprintCss(): string {
  const produced = builtSiteClasses(join(distDir, 'assets'), readFileSync(join(webDir, 'index.html'), 'utf8'));
  const css = blueprintSubset(readFileSync(INSTALLED_BLUEPRINT_SHEET, 'utf8'), produced);
  const name = `assets/blueprint-${contentHash(new TextEncoder().encode(css))}.css`;
  writeFileSync(join(distDir, name), css);
  return '/' + name;
}

/**
 * /api/docs: Swagger UI's prebuilt bundle and style sheet (copied, never fetched from a CDN), the
 * script starting it and the site-styled page around it, as api-docs.html (the server adds the
 * domain's colours and logo).
 */
async function buildApiDocs(): Promise<void> {
  mkdirSync(join(distDir, 'api-docs'));
  const copied = (file: string, name: string, extension: string) => {
    const bytes = readFileSync(file);
    const urlPath = `/api-docs/${name}-${contentHash(bytes)}.${extension}`;
    writeFileSync(join(distDir, urlPath), bytes);
    return urlPath;
  };
  const swaggerDir = join(root, 'node_modules', 'swagger-ui-dist');
  const boot = await Bun.build({ entrypoints: [join(webDir, 'src', 'api-docs', 'boot.ts')], target: 'browser', format: 'iife', minify: true, sourcemap: 'none' });
  if (!boot.success) throw new Error('api docs script build failed');
  const bootFile = join(distDir, 'api-docs', 'boot.js');
  writeFileSync(bootFile, await boot.outputs[0]!.text());
  const styles = [copied(join(swaggerDir, 'swagger-ui.css'), 'swagger-ui', 'css'), copied(join(webDir, 'src', 'api-docs', 'api-docs.css'), 'api-docs', 'css')];
  const scripts = [copied(join(swaggerDir, 'swagger-ui-bundle.js'), 'swagger-ui-bundle', 'js'), copied(bootFile, 'boot', 'js')];
  rmSync(bootFile);
  const page = readFileSync(join(webDir, 'api-docs.html'), 'utf8')
    .replace('<!-- styles -->', styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n    '))
    .replace('<!-- scripts -->', scripts.map((src) => `<script src="${src}"></script>`).join('\n    '));
  writeFileSync(join(distDir, 'api-docs.html'), page);
}

function writeShell(entryFiles: string[], blueprintCss: string): void {
  const template = readFileSync(join(webDir, 'index.html'), 'utf8');
  const styles = [blueprintCss, ...entryFiles.filter((f) => f.endsWith('.css'))]
    .map((href) => `<link rel="stylesheet" href="${href}">`)
    .join('\n    ');
  const scripts = entryFiles
    .filter((f) => f.endsWith('.js'))
    .map((src) => `<script type="module" src="${src}"></script>`)
    .join('\n    ');
  writeFileSync(join(distDir, 'index.html'), template.replace('<!-- styles -->', styles).replace('<!-- scripts -->', scripts));
}

/**
 * The service worker, /sw.js: one classic script with its precache list built in (the shell,
 * the entry script and style sheets, the logo, favicon and cover images, each with a revision),
 * so every build that changes any of them is a new worker the browsers pick up.
 */
async function bundleServiceWorker(entryFiles: string[], blueprintCss: string): Promise<void> {
  const revisioned = ['/index.html', '/Logo.png', '/favicon.svg', ...readdirSync(join(distDir, 'covers')).map((name) => `/covers/${name}`)];
  const precache = [
    ...revisioned.map((url) => ({ url, revision: contentHash(readFileSync(join(distDir, url))) })),
    ...[blueprintCss, ...entryFiles].map((url) => ({ url, revision: null })), // hashed names
  ];
  const result = await Bun.build({
    entrypoints: [join(webDir, 'src', 'sw', 'service-worker.ts')],
    target: 'browser',
    format: 'iife',
    minify: true,
    sourcemap: 'none',
    define: { 'process.env.NODE_ENV': '"production"', PRECACHE: JSON.stringify(precache) },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('service worker build failed');
  }
  writeFileSync(join(distDir, 'sw.js'), await result.outputs[0]!.text());
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Writes .gz and .br beside each text file where that saves bytes; returns the embedded file list. */
function compressAndList(): { urlPath: string; file: string; gzip?: string; br?: string }[] {
  return listFiles(distDir).filter((f) => !/\.(gz|br)$/.test(f)).sort().map((file) => {
    const urlPath = '/' + relative(distDir, file);
    const entry: { urlPath: string; file: string; gzip?: string; br?: string } = { urlPath, file };
    if (!COMPRESSIBLE.test(file)) return entry;
    const raw = readFileSync(file);
    const gz = gzipSync(raw, { level: 9 });
    const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    if (gz.length < raw.length * 0.9) writeFileSync((entry.gzip = file + '.gz'), gz);
    if (br.length < raw.length * 0.9) writeFileSync((entry.br = file + '.br'), br);
    return entry;
  });
}

function writeManifest(built: ReturnType<typeof compressAndList>): void {
  const files = built.map((f) => ({ ...f, file: inFinalDir(f.file), gzip: f.gzip && inFinalDir(f.gzip), br: f.br && inFinalDir(f.br) }));
  const imports: string[] = [];
  const importOf = (path: string) => {
    const name = `f${imports.length}`;
    const spec = relative(join(root, 'server', 'src', 'site'), path);
    imports.push(`import ${name} from '${spec}' with { type: 'file' };`);
    return name;
  };
  const rows = files.map((f) => {
    const parts = [`urlPath: '${f.urlPath}'`, `file: ${importOf(f.file)}`];
    if (f.gzip) parts.push(`gzip: ${importOf(f.gzip)}`);
    if (f.br) parts.push(`br: ${importOf(f.br)}`);
    return `  { ${parts.join(', ')} },`;
  });
  const source = [
    '// @ts-nocheck: file imports of built assets have no type declarations.',
    '// Generated by scripts/build-web.ts: the built site, embedded in the binary. Do not edit.',
    "import type { EmbeddedSiteFile } from './site';",
    ...imports,
    '',
    'export const SITE_FILES: EmbeddedSiteFile[] = [',
    ...rows,
    '];',
    '',
  ].join('\n');
  writeFileSync(manifestFile, source);
}

function inFinalDir(path: string): string {
  return join(finalDir, relative(distDir, path));
}

const started = performance.now();
if (await writeLanguageIndex()) console.log('locales/index.ts: written again (the language files changed)');
rmSync(distDir, { recursive: true, force: true });
mkdirSync(join(distDir, 'assets'), { recursive: true });
cpSync(join(webDir, 'public'), distDir, { recursive: true });
const entryFiles = await bundleScripts();
const blueprintCss = writeBlueprintCss();
writeShell(entryFiles, blueprintCss);
await bundleServiceWorker(entryFiles, blueprintCss);
await buildApiDocs();
const files = compressAndList();
rmSync(finalDir, { recursive: true, force: true });
renameSync(distDir, finalDir);
writeManifest(files);
const size = (f: string) => statSync(f).size;
const gzTotal = files.filter((f) => f.urlPath.startsWith('/assets/')).reduce((sum, f) => sum + size(inFinalDir(f.gzip ?? f.file)), 0);
console.log(`web: ${files.length} files, assets ${(gzTotal / 1024).toFixed(0)} KB gzipped, ${(performance.now() - started).toFixed(0)} ms`);
