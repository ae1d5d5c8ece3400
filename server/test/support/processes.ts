import { readdirSync, readFileSync } from 'node:fs';

/** A process's state letter, parent and session from /proc (null once it is gone). */
function processInfo(pid: number | string): { state: string; parent: number; session: number } | null {
  try {
    const [state, parent, , session] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { state: state!, parent: Number(parent), session: Number(session) };
  } catch {
    return null;
  }
}

const allPids = () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number);

export const childrenOf = (parent: number) => allPids().filter((pid) => processInfo(pid)?.parent === parent);

/**
 * Every process of the browsers `owner` started: puppeteer starts Chromium (or Debian's wrapper
 * script around it) as the leader of a session of its own, which its zygotes, renderers and
 * helpers stay in even once they are not the owner's children.
 */
export function browserProcessesOf(owner: number): number[] {
  const sessions = new Set(childrenOf(owner).filter((pid) => processInfo(pid)?.session === pid));
  return allPids().filter((pid) => sessions.has(processInfo(pid)?.session ?? 0));
}

/** Running: present and not a zombie waiting to be reaped. */
export const running = (pid: number) => ![undefined, 'Z'].includes(processInfo(pid)?.state);
