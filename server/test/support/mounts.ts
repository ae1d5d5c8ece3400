/**
 * File systems a test mounts for itself (a small tmpfs, a read-only view of a folder): root may
 * mount here and in CI; elsewhere each helper answers false and the test skips.
 */
function run(args: string[]): boolean {
  try {
    return Bun.spawnSync(args, { stdout: 'ignore', stderr: 'ignore' }).exitCode === 0;
  } catch {
    return false; // no mount command at all
  }
}

/** Mounts a tmpfs of `megabytes` on `dir` (an empty folder), with more mount `options` if given; false when mounting is not permitted. */
export function mountTmpfs(dir: string, megabytes: number, options = ''): boolean {
  return run(['mount', '-t', 'tmpfs', '-o', [`size=${megabytes}m`, options].filter(Boolean).join(','), 'tmpfs', dir]);
}

/** Mounts `dir` read-only over itself; false when mounting is not permitted. */
export function mountReadOnly(dir: string): boolean {
  return run(['mount', '-o', 'bind,ro', dir, dir]);
}

export function unmount(dir: string): void {
  run(['umount', dir]);
}
