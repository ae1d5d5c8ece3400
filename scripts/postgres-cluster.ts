// A throwaway PostgreSQL cluster for tests and benchmarks: initdb in a temp dir, started with
// pg_ctl on a free port (fsync off: nothing in it outlives the run), stopped with -m immediate.
// initdb refuses to run as root, so as root the cluster runs as the `postgres` user.
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres (trust auth, local only). */
  url: string;
  port: number;
  /** A URL for the same server and another database. */
  databaseUrl(database: string): string;
  stop(): void;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version) throw new Error('PostgreSQL is not installed (apt-get install postgresql; scripts/ensure-system-packages.sh does it)');
  return join(root, version, 'bin');
}

function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } });
  const port = probe.port;
  probe.stop(true);
  return port;
}

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
function run(args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const command = asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args;
  const result = Bun.spawnSync(command, { stdout: 'pipe', stderr: 'pipe' });
  if (result.exitCode !== 0) throw new Error(`${args[0]} failed (${result.exitCode}): ${result.stderr.toString()}${result.stdout.toString()}`);
}

/** `settings`: more server settings (`-c name=value`), e.g. shared_preload_libraries. */
export function startPostgresCluster(settings: Record<string, string> = {}): PostgresCluster {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'wishwell-pg-'));
  if (process.getuid?.() === 0) {
    const postgres = Bun.spawnSync(['id', '-u', 'postgres']).stdout.toString().trim();
    chownSync(dir, Number(postgres), Number(postgres));
  }
  chmodSync(dir, 0o700);
  const data = join(dir, 'data');
  const port = freePort();
  run([join(bin, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const extraSettings = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=400${extraSettings.join('')}`;
  run([join(bin, 'pg_ctl'), '-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop); // also when the run is interrupted
  const databaseUrl = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return { url: databaseUrl('postgres'), port, databaseUrl, stop };
}
