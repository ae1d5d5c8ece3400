import { expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { running } from '@wishwell/server/test-support/processes';
import { E2E_PORT } from './constants';
import { E2E_SHUTDOWN_MS } from './server-command';

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
  /** Ends it (SIGTERM) and waits until it is gone, its browser and data dir with it. */
  stop(): Promise<void>;
}

/** Starts scripts/e2e-server.ts on `port`; it ends with the process `watched` (and its data dir with it). */
function spawnServer(port: number, watched: number, env: Record<string, string>, detached = false) {
  return spawn('bun', ['scripts/e2e-server.ts', String(port), String(watched)], { env: { ...process.env, ...env }, stdio: 'ignore', detached });
}

/** Waits for the server at `base` to answer. */
async function started(base: string): Promise<void> {
  // Module loading, migrations and the admin's password hash take long on a loaded machine. Asked
  // every 100 ms: the default back-off (up to a second between looks) kept tests waiting on a
  // server that was up.
  await expect.poll(async () => (await fetch(`${base}/api/v1/health`).catch(() => null))?.ok ?? false, { timeout: 90_000, intervals: [100] }).toBe(true);
}

/**
 * A second real server, started the way the suite's is (its own fresh data dir, the same seeded
 * admin) with `env` on top: for a test that needs other settings, or changes the whole instance.
 */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const port = await freePort();
  const server = spawnServer(port, process.pid, env);
  const base = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  try {
    await started(base);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** Where the run's shared servers note their ports: made afresh by the run's global set-up. */
export const SHARED_SERVERS_DIR = join(tmpdir(), `wishwell-e2e-servers-${E2E_PORT}`);

/** Empties SHARED_SERVERS_DIR (a killed run's notes); the global set-up's. */
export function clearSharedServers(): void {
  rmSync(SHARED_SERVERS_DIR, { recursive: true, force: true });
  mkdirSync(SHARED_SERVERS_DIR, { recursive: true });
}

/**
 * The run's one server named `name`, with `env` on top of the suite's settings: the first test to
 * ask starts it (in either worker), every later one uses it, and it ends with the run. For tests
 * that need other settings but change nothing for each other (a server without mail), or must see
 * no other spec's data but can share theirs; answers its base URL.
 */
export async function sharedOwnServer(name: string, env: Record<string, string> = {}): Promise<string> {
  const note = join(SHARED_SERVERS_DIR, `${name}.port`);
  if (claim(`${note}.lock`)) {
    const port = await freePort();
    // The runner is the workers' parent: the server outlives this worker, not the run.
    const server = spawnServer(port, process.ppid, env, true);
    server.unref();
    writeFileSync(join(SHARED_SERVERS_DIR, `${name}.pid`), String(server.pid));
    writeFileSync(`${note}.part`, String(port));
    renameSync(`${note}.part`, note); // whole, or not there
  }
  await expect.poll(() => existsSync(note), { message: `the shared server ${name} is started`, timeout: 30_000, intervals: [100] }).toBe(true);
  const base = `http://127.0.0.1:${readFileSync(note, 'utf8')}`;
  await started(base);
  return base;
}

/** True for the one caller that creates `lock`. */
function claim(lock: string): boolean {
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Ends the run's shared servers (SIGTERM: each closes its scraping browser and database, then
 * removes its data dir) and waits until they are gone; the global tear-down's. Their watchdog
 * would end them only after the runner, while the run's directory is being removed.
 */
export async function stopSharedServers(): Promise<void> {
  const pids = existsSync(SHARED_SERVERS_DIR) ? readdirSync(SHARED_SERVERS_DIR).filter((file) => file.endsWith('.pid')).map((file) => Number(readFileSync(join(SHARED_SERVERS_DIR, file), 'utf8'))) : [];
  for (const pid of pids) signal(pid, 'SIGTERM');
  const deadline = Date.now() + E2E_SHUTDOWN_MS;
  while (pids.some(running) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const pid of pids.filter(running)) signal(pid, 'SIGKILL');
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}
