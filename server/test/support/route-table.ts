/**
 * The route table as `wishwell routes` prints it, for the access audit tests: the command's own
 * function run in the test worker (runCommand), not a process, which would load the whole server
 * again for what the command prints. Not while a test server is starting: the command takes what
 * the console prints meanwhile.
 */
import { runCommand } from './cli';

export interface PrintedRoute {
  method: string;
  path: string;
  policy: string;
  /** The personal API token scope the route needs ('none': tokens refused). */
  token: string;
}

export async function printedRouteTable(): Promise<{ text: string; routes: PrintedRoute[] }> {
  const { exitCode, stdout: text, stderr } = await runCommand(['routes']);
  if (exitCode !== 0) throw new Error(`wishwell routes failed (${exitCode}): ${stderr}`);
  const routes = text
    .trim()
    .split('\n')
    .map((line) => {
      const [method, path, policy, token] = line.split(/\s+/);
      return { method: method!, path: path!, policy: policy!, token: token! };
    });
  return { text: text.trimEnd(), routes };
}
