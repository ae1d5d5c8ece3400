import { copyFileSync, existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, type Config } from '../config';
import { openStore } from '../db/open-store';
import { InvalidBackupError } from '../features/backup/reader';
import { stageRestore } from '../features/backup/restore';
import { announceRestore, exclusively } from '../features/backup/service';
import { liveDatabase, restoreTargetOf } from '../features/backup/staging';
import { runningServerPid } from '../server-pid';
import { openContext } from '../server';
import { createServices } from '../services';
import type { Command } from './commands';

/** `--name VALUE` taken out of `args`: [value or null, the other args]. */
export function takeFlag(args: string[], name: string): [string | null, string[]] {
  const at = args.indexOf(name);
  if (at < 0) return [null, args];
  return [args[at + 1] ?? null, [...args.slice(0, at), ...args.slice(at + 2)]];
}

const printStep = (step: string) => console.log(`  ${step}`);

export const backupCommand: Command = {
  name: 'backup',
  usage: 'backup --out FILE [--data-dir DIR]',
  summary: 'write a backup archive of the data (safe while the server runs)',
  async run(args) {
    const [out, rest] = takeFlag(args, '--out');
    if (!out || out.startsWith('-')) {
      console.error(`Usage: wishwell ${this.usage}`);
      return 2;
    }
    const ctx = await openContext(loadConfig(rest));
    try {
      const backup = await createServices(ctx).backups.create(null, printStep);
      try {
        copyFileSync(backup.path, resolve(out));
      } finally {
        backup.discard();
      }
      console.log(`Backup written to ${resolve(out)} (${statSync(resolve(out)).size} bytes).`);
      return 0;
    } finally {
      await ctx.store.close();
    }
  },
};

export const restoreCommand: Command = {
  name: 'restore',
  usage: 'restore FILE [--data-dir DIR]',
  summary: 'replace the data with a backup (SQLite: with the server stopped; PostgreSQL: running servers rebuild)',
  async run(args) {
    const [file, ...rest] = args;
    if (!file || file.startsWith('-')) {
      console.error(`Usage: wishwell ${this.usage}`);
      return 2;
    }
    if (!existsSync(file)) {
      console.error(`No such file: ${file}`);
      return 1;
    }
    const config = loadConfig(rest);
    const refusal = runningServerRefusal(config);
    if (refusal) {
      console.error(refusal);
      return 1;
    }
    try {
      await restoreFile(config, resolve(file));
    } catch (error) {
      if (!(error instanceof InvalidBackupError)) throw error;
      console.error(`Not restored: ${error.message} Nothing was changed.`);
      return 1;
    }
    const kept = config.databaseUrl ? ' (and a pre_restore_* schema)' : '';
    console.log(`Restored ${file}. The replaced data is kept in ${config.dataDir}/pre-restore-*${kept}; sessions issued before are signed out.`);
    return 0;
  },
};

/**
 * Checks and stages the backup against the live database, then swaps it in with the live store
 * closed; as the one backup or restore of all the replicas on PostgreSQL.
 */
function restoreFile(config: Config, file: string): Promise<void> {
  return exclusively('restore', liveDatabase(config), () => stageAndSwap(config, file));
}

async function stageAndSwap(config: Config, file: string): Promise<void> {
  const store = await openStore(config);
  const staged = await stageRestore(restoreTargetOf(config, store.schemaVersion), file, undefined, printStep).finally(() => store.close());
  try {
    await staged.swap();
  } finally {
    await staged.discard();
  }
  if (!config.databaseUrl) return;
  const restored = await openStore(config);
  await announceRestore(restored).finally(() => restored.close());
}

/** On SQLite a running server keeps the old file open and would go on writing to it: refuse, saying what to do. */
export function runningServerRefusal(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string | null {
  if (config.databaseUrl) return null;
  const pid = runningServerPid(config.dataDir);
  if (pid === null) return null;
  return [
    `A Wishwell server (pid ${pid}) is using ${config.dataDir}: it keeps the current database open, so a restore under it would be lost.`,
    'Stop the server first (it finishes its requests on SIGTERM), then run this again; or restore through the running server:',
    "the admin console's Backup & Restore page, or `bun scripts/restore.ts FILE --url URL` with an admin's credentials.",
  ].join('\n');
}
