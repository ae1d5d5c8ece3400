// Rewrites the route table in docs/operating/api.md from `wishwell routes` (the access audit test compares them).
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';
const DOC = 'docs/operating/api.md';

const table = Bun.spawnSync(['bun', join(ROOT, 'server/src/main.ts'), 'routes']);
if (table.exitCode !== 0) throw new Error(`wishwell routes failed: ${table.stderr}`);
const docPath = join(ROOT, DOC);
const doc = await Bun.file(docPath).text();
if (!doc.includes(START) || !doc.includes(END)) throw new Error(`${DOC} needs the ${START} and ${END} markers`);
const before = doc.slice(0, doc.indexOf(START) + START.length);
const after = doc.slice(doc.indexOf(END));
await Bun.write(docPath, `${before}\n\`\`\`text\n${table.stdout.toString().trimEnd()}\n\`\`\`\n${after}`);
console.log(`${DOC} route table updated`);
