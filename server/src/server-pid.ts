import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A server writes its process id into the data dir while it runs, so commands that must not run
// under it (a SQLite restore) can tell, and say which process to stop.

const pidFile = (dataDir: string) => join(dataDir, 'wishwell.pid');

/** Records this process as the data dir's server; answers the function that removes the record. */
export function claimPidFile(dataDir: string): () => void {
  writeFileSync(pidFile(dataDir), `${process.pid}\n`);
  return () => {
    if (runningServerPid(dataDir) === process.pid) rmSync(pidFile(dataDir), { force: true });
  };
}

/** The id of the live process recorded as the data dir's server, or null (none, or it died without removing its record). */
export function runningServerPid(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(pidFile(dataDir), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return isAlive(pid) ? pid : null;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'; // alive, but another user's
  }
}
