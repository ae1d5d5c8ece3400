// Finds free loopback ports for a test run's servers (Node's net: the Playwright runner is Node).
import { createServer } from 'node:net';

function listenOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(null));
    probe.listen(port, '127.0.0.1', () => {
      const { port: taken } = probe.address() as { port: number };
      probe.close(() => resolve(taken));
    });
  });
}

/**
 * Ports below the kernel's ephemeral range (32768 and up on Linux): no port-0 listener of a test
 * and no outgoing connection takes one while the run holds it free for its mail catcher.
 */
const FIRST_PORT = 20_000;
const LAST_PORT = 32_000;

/** The first of `count` consecutive free ports (the e2e server's, then its mail server's). */
export async function freeConsecutivePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = FIRST_PORT + Math.floor(Math.random() * (LAST_PORT - FIRST_PORT - count));
    let free = true;
    for (let next = first; free && next < first + count; next++) free = (await listenOn(next)) !== null;
    if (free) return first;
  }
  throw new Error(`found no ${count} consecutive free ports`);
}
