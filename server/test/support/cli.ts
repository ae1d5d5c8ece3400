import { join } from 'node:path';
import { exitCodeOf, runCommandLine } from '../../src/cli/commands';
import { SETTINGS } from '../../src/config';

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

/**
 * `wishwell ARGS...` run inside the test worker (the CLI's own function, no process), for tests of
 * what a command does rather than of its process; `env` holds settings that have a flag
 * (DATABASE_URL from a test server's cliEnv), given as flags. Answers what it printed.
 */
export async function runCommand(args: string[], env: Record<string, string> = {}): Promise<CommandRun> {
  const flags = Object.entries(env).flatMap(([name, value]) => {
    const flag = SETTINGS.find((setting) => setting.env === name)?.flag;
    if (!flag) throw new Error(`${name} has no flag: run the command as a process (runCli)`);
    return [`--${flag}`, value];
  });
  const printed = { stdout: '', stderr: '' };
  const original = { log: console.log, error: console.error };
  const text = (values: unknown[]) => `${values.map((value) => (typeof value === 'string' ? value : Bun.inspect(value))).join(' ')}\n`;
  console.log = (...values: unknown[]) => void (printed.stdout += text(values));
  console.error = (...values: unknown[]) => void (printed.stderr += text(values));
  try {
    const exitCode = await exitCodeOf(() => runCommandLine([...args, ...flags]));
    return { exitCode, ...printed };
  } finally {
    Object.assign(console, original);
  }
}
