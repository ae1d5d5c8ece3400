import { afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/db/open-store';
import type { DataStore, Engine } from '../../src/db/store';
import type { HashCost } from '../../src/auth/hash-threads';
import type { Clock } from '../../src/clock';
import { loadConfig, SETTINGS } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { migratedTestDatabase, TEST_ENGINE } from './engine';
import { TEST_HASH_COST } from './hash-cost';
import { captureServerOutput } from './server-output';

/** `wishwell serve` hashing at TEST_HASH_COST (see the file). */
const SERVER_PROCESS = join(import.meta.dirname, 'server-process.ts');

export interface TestServer {
  url: string;
  dataDir: string;
  /** The server's process id (for memory readings and signals): the test worker's own for an in-process server. */
  pid: number;
  /** The PostgreSQL database it runs on, or null on SQLite (see TEST_ENGINE). */
  databaseUrl: string | null;
  /** What a CLI command needs to reach the same database (--data-dir, and DATABASE_URL on PostgreSQL). */
  cliEnv: Record<string, string>;
  /** Opens the server's database directly, as an operator's tool would (close it after use). */
  openStore(): Promise<DataStore>;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** Resolves with the exit code when the process ends by itself (a crash); an in-process server's with 0 when stopped. */
  exited: Promise<number>;
  /** Sends a signal (SIGKILL: a crash; processes only) and waits for the process to end; answers its exit code. The data dir stays. */
  signal(signal: 'SIGKILL' | 'SIGTERM' | 'SIGHUP'): Promise<number>;
  /** Runs a recurring job now (e.g. 'surprise.reveal'); resolves once it has run. In-process servers only. */
  runJob(name: string): Promise<void>;
}

/** Every test registers and signs in from 127.0.0.1: the abuse limits would get in the way (the rate limit tests set their own). */
export const TEST_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_IP: '10000',
  RATE_LIMIT_LOGIN_ACCOUNT: '10000',
  RATE_LIMIT_REGISTER_IP: '10000',
  RATE_LIMIT_FORGOT_IP: '10000',
  RATE_LIMIT_GUEST_LIST_IP: '10000',
  RATE_LIMIT_UPLOAD_IP: '10000',
  RATE_LIMIT_UPLOAD_USER: '10000',
  RATE_LIMIT_INVITE_USER: '10000',
  RATE_LIMIT_INVITE_LIST: '10000',
};

/** What a test server is started from; each part as startTestServer's positional arguments. */
export interface TestServerOptions {
  /** Settings, as environment variables (SMTP_URL, ...). */
  env?: Record<string, string>;
  dataDir?: string;
  port?: number;
  engine?: Engine;
  /**
   * The server's time and timers (e.g. a ManualClock the test moves with advance()). Only a
   * server in the test worker can take one: a test passing it gets an error where the server
   * would have been a process.
   */
  clock?: Clock;
  /** argon2id's cost for new password hashes in an in-process server: TEST_HASH_COST unless the test is about the cost (ARGON2ID); a server process always hashes at TEST_HASH_COST (support/server-process.ts). */
  passwordHashCost?: HashCost;
}

const OPTION_NAMES = new Set<string>(['env', 'dataDir', 'port', 'engine', 'clock', 'passwordHashCost']);
/** Settings are named in capitals (SMTP_URL), options not: an object of option names only (at least one) is options; `{}` is no settings. */
const isOptions = (value: Record<string, string> | TestServerOptions): value is TestServerOptions => {
  const names = Object.keys(value);
  return names.length > 0 && names.every((name) => OPTION_NAMES.has(name));
};

/** What both kinds of test server are started from: the data dir, its database and the settings. */
interface ServerSetup {
  dir: string;
  /** Whether the data dir is the test server's own (removed when it stops). */
  ownsDir: boolean;
  port: number;
  databaseUrl: string | null;
  cliEnv: Record<string, string>;
  settings: Record<string, string>;
}

async function serverSetup(env: Record<string, string>, dataDir: string | undefined, port: number, engine: Engine): Promise<ServerSetup> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'wishwell-test-'));
  const databaseUrl = await migratedTestDatabase(dir, engine);
  const cliEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  return { dir, ownsDir: !dataDir, port, databaseUrl, cliEnv, settings: { MAIL_FROM: 'Wishwell <no-reply@wishwell.test>', ...TEST_RATE_LIMITS, ...cliEnv, ...env } };
}

const SETTING_NAMES = new Set(SETTINGS.map((setting) => setting.env));
/** Whether a server runs inside this test worker: one at a time, so its output and the process-wide rate limit sharing are its own. */
let inProcessRunning = false;

/**
 * Starts the real server on a free port with a fresh data dir, as a self-hoster runs it, on the
 * engine of this run (SQLite, or its own PostgreSQL database), from a copy of the run's migrated
 * template. Extra environment variables configure it (SMTP_URL, ...). `port` 0 picks a free one;
 * a fixed port lets a test restart the server where its clients expect it. `engine` overrides the
 * run's (a PostgreSQL run can start a SQLite server beside it). The same as one options object
 * (TestServerOptions), which also takes the server's `clock` and `passwordHashCost`.
 *
 * The server runs inside the test worker (startServer from its config, no process to start) when
 * it can: when no other in-process server is running (a second one at a time, e.g. a replica, is a
 * process) and `env` holds only settings the config reads. Tests whose subject is the process
 * (signals, kill -9, memory, threads, the pid) use startServerProcess.
 */
export async function startTestServer(options: TestServerOptions): Promise<TestServer>;
export async function startTestServer(env?: Record<string, string>, dataDir?: string, port?: number, engine?: Engine): Promise<TestServer>;
export async function startTestServer(
  envOrOptions: Record<string, string> | TestServerOptions = {},
  dataDir?: string,
  port = 0,
  engine: Engine = TEST_ENGINE,
): Promise<TestServer> {
  const options: TestServerOptions = isOptions(envOrOptions) ? envOrOptions : { env: envOrOptions, dataDir, port, engine };
  const env = options.env ?? {};
  const setup = await serverSetup(env, options.dataDir, options.port ?? 0, options.engine ?? TEST_ENGINE);
  const inProcess = !inProcessRunning && Object.keys(env).every((name) => SETTING_NAMES.has(name));
  if (!inProcess && options.clock) throw new Error('A clock reaches only a server in the test worker: this one would be a process (a second server at once, or settings the config does not read)');
  if (!inProcess) return startProcess(setup);
  inProcessRunning = true;
  return startInProcess(setup, options.clock, options.passwordHashCost ?? TEST_HASH_COST).catch((error: unknown) => {
    inProcessRunning = false;
    throw error;
  });
}

/** Starts the server as its own process (`support/server-process.ts`: `wishwell serve` at the test hash cost), for tests whose subject is the process. */
export async function startServerProcess(env: Record<string, string> = {}, dataDir?: string, port = 0, engine: Engine = TEST_ENGINE): Promise<TestServer> {
  return startProcess(await serverSetup(env, dataDir, port, engine));
}

async function startInProcess(setup: ServerSetup, clock: Clock | undefined, passwordHashCost: HashCost): Promise<TestServer> {
  const { dir, databaseUrl } = setup;
  const output = captureServerOutput();
  let running: RunningServer;
  try {
    const config = loadConfig(['--port', String(setup.port), '--host', '127.0.0.1', '--data-dir', dir], { ...process.env, ...setup.settings });
    running = await startServer({ ...config, passwordHashCost }, { clock });
  } catch (error) {
    output.release();
    throw new Error(`server did not start: ${error instanceof Error ? error.message : String(error)}\n${output.text()}`);
  }
  let ended!: (code: number) => void;
  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      await running.stop();
      output.release();
      inProcessRunning = false;
      ended(0);
      if (setup.ownsDir) rmSync(dir, { recursive: true, force: true });
    })());
  return {
    url: running.url,
    dataDir: dir,
    pid: process.pid,
    databaseUrl,
    cliEnv: setup.cliEnv,
    openStore: () => openStore({ dataDir: dir, databaseUrl }),
    output: output.text,
    exited: new Promise((resolve) => (ended = resolve)),
    async signal(signal) {
      if (signal === 'SIGKILL') throw new Error('An in-process test server cannot be killed: start it with startServerProcess');
      await stop();
      return 0;
    },
    stop,
    runJob: (name) => running.runJob(name),
  };
}

/** This file's server processes still running: a test that timed out before stopping its own leaves none behind. */
const processes = new Set<Bun.Subprocess>();
afterAll(() => {
  for (const child of processes) child.kill('SIGKILL');
});

async function startProcess(setup: ServerSetup): Promise<TestServer> {
  const { dir, databaseUrl } = setup;
  const child = Bun.spawn(['bun', SERVER_PROCESS, '--port', String(setup.port), '--host', '127.0.0.1', '--data-dir', dir], {
    env: { ...process.env, ...setup.settings },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let output = '';
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) output += decoder.decode(chunk.value);
  };
  processes.add(child);
  void child.exited.then(() => processes.delete(child));
  void collect(child.stdout);
  void collect(child.stderr);
  const url = await waitForListening(() => output, child).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    url,
    dataDir: dir,
    pid: child.pid,
    databaseUrl,
    cliEnv: setup.cliEnv,
    openStore: () => openStore({ dataDir: dir, databaseUrl }),
    output: () => output,
    exited: child.exited,
    async signal(signal) {
      child.kill(signal);
      return child.exited;
    },
    runJob: () => Promise.reject(new Error('A server process runs its jobs on its own clock: start it with startTestServer, in process')),
    async stop() {
      child.kill('SIGTERM');
      await child.exited;
      if (setup.ownsDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForListening(output: () => string, child: Bun.Subprocess): Promise<string> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const match = output().match(/listening on (http:\/\/\S+)/);
    if (match) return match[1]!.replace('localhost', '127.0.0.1');
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    await Bun.sleep(25);
  }
  throw new Error(`server did not start:\n${output()}`);
}

export { TEST_ENGINE };

/** Runs `work` on the server's database, opened beside it (WAL on SQLite), then closes it. */
export async function withStore<T>(server: TestServer, work: (store: DataStore) => Promise<T>): Promise<T> {
  const store = await server.openStore();
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
