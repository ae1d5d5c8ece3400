import { expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port for a second server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface OwnServer {
  base: string;
  stop(): void;
}

/**
 * A second real server, started the way the suite's is (its own fresh data dir, the same seeded
 * admin) with `env` on top: for a spec that needs other settings, or must see no other spec's data.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const server = spawn('bun', ['scripts/e2e-server.ts', String(port), String(process.pid)], { env: { ...process.env, ...env }, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  const stop = () => void server.kill();
  try {
    // Migrations and the admin's password hash (lowest priority) take long on a loaded machine.
    await expect.poll(async () => (await fetch(`${base}/api/v1/health`).catch(() => null))?.ok ?? false, { timeout: 90_000 }).toBe(true);
  } catch (error) {
    stop();
    throw error;
  }
  return { base, stop };
}
