// Load generation with wrk (Debian package `wrk`): Node-based tools cannot keep up with Bun.
import { readFileSync } from 'node:fs';

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered in the whole run. */
  requests: number;
  p99Ms: number;
  non2xx: number;
  /** wrk's whole report, including what a Lua script's done() printed. */
  output: string;
}

function toMs(value: string): number {
  const match = value.match(/^([\d.]+)(us|ms|s)$/);
  if (!match) return NaN;
  const n = Number(match[1]);
  return match[2] === 'us' ? n / 1000 : match[2] === 's' ? n * 1000 : n;
}

function wrkArgs(url: string, connections: number, seconds: number, script?: string): string[] {
  const args = ['wrk', `-t${Math.min(2, connections)}`, `-c${connections}`, `-d${seconds}s`, '--latency'];
  if (script) args.push('-s', script);
  return [...args, url];
}

function parse(out: string): LoadResult {
  return {
    requestsPerSecond: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN),
    requests: Number(out.match(/(\d+) requests in/)?.[1] ?? NaN),
    p99Ms: toMs(out.match(/\s99%\s+(\S+)/)?.[1] ?? ''),
    non2xx: Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
    output: out,
  };
}

/** Runs wrk against a URL; `script` is an optional Lua file (for methods and bodies). */
export function wrk(url: string, connections: number, seconds = 5, script?: string): LoadResult {
  const run = Bun.spawnSync(wrkArgs(url, connections, seconds, script));
  const out = run.stdout.toString();
  if (run.exitCode !== 0) throw new Error(`wrk failed: ${run.stderr.toString()}${out}`);
  return parse(out);
}

/**
 * Loads several servers (replicas) at once, one wrk per URL with an equal share of the
 * connections: req/s is the sum, p99 the worst of them, the output all reports one after another.
 */
export async function wrkAcross(urls: string[], connections: number, seconds = 5, script?: string): Promise<LoadResult> {
  const runs = urls.map((url) => Bun.spawn(wrkArgs(url, Math.max(1, Math.round(connections / urls.length)), seconds, script), { stdout: 'pipe', stderr: 'pipe' }));
  const results = await Promise.all(
    runs.map(async (run) => {
      const [out, err, exitCode] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
      if (exitCode !== 0) throw new Error(`wrk failed: ${err}${out}`);
      return parse(out);
    }),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    requests: results.reduce((sum, result) => sum + result.requests, 0),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    output: results.map((result) => result.output).join('\n'),
  };
}

export function requireWrk(): void {
  if (Bun.spawnSync(['sh', '-c', 'command -v wrk']).exitCode !== 0) {
    console.error('wrk is needed for the benchmark: apt-get install -y wrk');
    process.exit(1);
  }
}

/** Starts `cmd` (its standard input a pipe the caller may write to) and waits until `readyUrl` answers 200; returns it and the ms that took. */
export async function startAndWait(cmd: string[], readyUrl: string, env: Record<string, string> = {}): Promise<{ proc: Bun.Subprocess<'pipe'>; startMs: number }> {
  const started = performance.now();
  // A server run from the sources renders with React's production build, as the executable and `npm start` do.
  const proc = Bun.spawn(cmd, { env: { ...process.env, NODE_ENV: 'production', ...env }, stdin: 'pipe', stdout: 'ignore', stderr: 'inherit' });
  for (;;) {
    try {
      if ((await fetch(readyUrl)).status === 200) return { proc, startMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    if (proc.exitCode !== null) throw new Error(`${cmd.join(' ')} exited with ${proc.exitCode}`);
    if (performance.now() - started > 30_000) throw new Error(`${cmd.join(' ')} did not start`);
    await Bun.sleep(2);
  }
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN) / 1024;
}

const CLOCK_TICKS_PER_SECOND = Number(Bun.spawnSync(['getconf', 'CLK_TCK']).stdout.toString().trim()) || 100;

/** CPU time (user + system, ms) of a /proc stat file. */
function statCpuMs(statFile: string): number {
  const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU time (user + system, ms) the processes have used so far, all their threads, from /proc (Linux). */
export function cpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + statCpuMs(`/proc/${pid}/stat`), 0);
}

/** CPU time (ms) of a process's main thread alone: the one that answers requests (workers and Bun's pools excluded). */
export function mainThreadCpuMs(pid: number): number {
  return statCpuMs(`/proc/${pid}/task/${pid}/stat`);
}
