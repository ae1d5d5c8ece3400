import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..');
export const MAIN = join(ROOT, 'server', 'src', 'main.ts');

export interface CommandRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs `bun FILE ARGS...` (the wishwell CLI, or a script of scripts/) to its end, as an operator would. */
export async function runBun(file: string, args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  const child = Bun.spawn(['bun', file, ...args], { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe', cwd: ROOT });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { exitCode, stdout, stderr };
}

/** `wishwell ARGS...` from the source tree. */
export const runCli = (args: string[], env: Record<string, string> = {}) => runBun(MAIN, args, env);

/** `bun scripts/NAME ARGS...`. */
export const runScript = (name: string, args: string[], env: Record<string, string> = {}) => runBun(join(ROOT, 'scripts', name), args, env);
