// bun run typecheck: every package's types with TypeScript 7's native compiler (about a third of
// TypeScript 5's time; `typescript` 5 stays for the dependency linter, which needs its JavaScript
// API). The server's api-types declarations first: the web project reads them, and a build of
// several projects at once would not wait for them.
import { spawnSync } from 'node:child_process';

const tsc = new URL('../node_modules/typescript-native/bin/tsc', import.meta.url).pathname;
for (const project of ['server/tsconfig.api-types.json', 'tsconfig.json']) {
  const { status } = spawnSync('node', [tsc, '-b', project], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
