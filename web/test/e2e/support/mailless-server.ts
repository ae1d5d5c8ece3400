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

/**
 * A second real server, started the way the suite's is but with no mail server configured; runs
 * `use` with its base URL and stops it afterwards.
 */
export async function withMaillessServer(use: (base: string) => Promise<void>): Promise<void> {
  const port = await freePort();
  const server = spawn('bun', ['scripts/e2e-server.ts', String(port)], { env: { ...process.env, SMTP_URL: '' }, stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}`;
    await expect.poll(async () => (await fetch(`${base}/api/v1/health`).catch(() => null))?.ok ?? false, { timeout: 30_000 }).toBe(true);
    expect(await (await fetch(`${base}/api/v1/health`)).json()).toMatchObject({ canSendMail: false });
    await use(base);
  } finally {
    server.kill();
  }
}
