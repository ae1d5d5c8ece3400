// Builds the browser extension (extension/): extension/dist/unpacked/ to load unpacked, and
// extension/dist/add-to-wishwell.zip to install or upload. Usage: bun run build:extension
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGE_FILES } from '@wishwell/locales';
import { zipFiles } from './zip-files';

const root = join(import.meta.dirname, '..', 'extension');
const source = join(root, 'src');
const dist = join(root, 'dist');
const unpacked = join(dist, 'unpacked');

rmSync(dist, { recursive: true, force: true });
mkdirSync(unpacked, { recursive: true });
const built = await Bun.build({
  entrypoints: [join(source, 'background.ts'), join(source, 'options.ts')],
  outdir: unpacked,
  target: 'browser',
  // Each file is a classic script: top-level names stay out of the page's globals (window.status).
  format: 'iife',
  // Readable code: stores review it, and scripting.executeScript sends serialisePage's own source.
  minify: false,
});
if (!built.success) {
  for (const log of built.logs) console.error(log);
  process.exit(1);
}
for (const file of ['manifest.json', 'options.html']) cpSync(join(source, file), join(unpacked, file));
for (const [code, language] of Object.entries(LANGUAGE_FILES)) {
  const folder = join(unpacked, '_locales', code.replace('-', '_')); // WebExtensions name regions 'pt_BR'
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'messages.json'), JSON.stringify(webExtensionMessages(language.extension), null, 2));
}

const files = readdirSync(unpacked, { recursive: true, encoding: 'utf8' }).filter((path) => path.includes('.')).sort();
const zip = zipFiles(files.map((path) => ({ path, data: readFileSync(join(unpacked, path)) })));
writeFileSync(join(dist, 'add-to-wishwell.zip'), zip);
console.log(`extension/dist/add-to-wishwell.zip (${files.join(', ')}): ${zip.length} bytes`);

/** The language file's extension texts as a WebExtension catalogue: `{{server}}` becomes the placeholder `$SERVER$` (the first substitution). */
function webExtensionMessages(texts: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(texts).map(([key, text]) => {
      const names = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!);
      const message = text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => `$${name.toUpperCase()}$`);
      const placeholders = Object.fromEntries(names.map((name, index) => [name, { content: `$${index + 1}` }]));
      return [key, names.length ? { message, placeholders } : { message }];
    }),
  );
}
