/** The route table as `wishwell routes` prints it, for the access audit tests. */
import { join } from 'node:path';

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'main.ts');

export interface PrintedRoute {
  method: string;
  path: string;
  policy: string;
  /** The personal API token scope the route needs ('none': tokens refused). */
  token: string;
}

export async function printedRouteTable(): Promise<{ text: string; routes: PrintedRoute[] }> {
  const child = Bun.spawn(['bun', MAIN, 'routes'], { stdout: 'pipe', stderr: 'pipe' });
  const [text, errors, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  if (code !== 0) throw new Error(`wishwell routes failed (${code}): ${errors}`);
  const routes = text
    .trim()
    .split('\n')
    .map((line) => {
      const [method, path, policy, token] = line.split(/\s+/);
      return { method: method!, path: path!, policy: policy!, token: token! };
    });
  return { text: text.trimEnd(), routes };
}
