// Rewrites the README's route table from `wishwell routes` (the access audit test compares them).
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const START = '<!-- routes:start -->';
const END = '<!-- routes:end -->';

const table = Bun.spawnSync(['bun', join(ROOT, 'server/src/main.ts'), 'routes']);
if (table.exitCode !== 0) throw new Error(`wishwell routes failed: ${table.stderr}`);
const readmePath = join(ROOT, 'README.md');
const readme = await Bun.file(readmePath).text();
const before = readme.slice(0, readme.indexOf(START) + START.length);
const after = readme.slice(readme.indexOf(END));
if (!readme.includes(START) || !readme.includes(END)) throw new Error(`README.md needs the ${START} and ${END} markers`);
await Bun.write(readmePath, `${before}\n\`\`\`text\n${table.stdout.toString().trimEnd()}\n\`\`\`\n${after}`);
console.log('README.md route table updated');
