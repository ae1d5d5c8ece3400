import { count } from 'drizzle-orm';
import { existsSync, rmSync, statSync } from 'node:fs';
import { makeWorkFolder } from '../work-folders';
import { dirname, join, resolve } from 'node:path';
import { restoreNote } from '../auth/retired-sessions';
import { loadConfig, type Config } from '../config';
import { databaseFile, openStore } from '../db/open-store';
import type { DataStore } from '../db/store';
import { InvalidBackupError } from '../features/backup/reader';
import { stageRestore } from '../features/backup/restore';
import { announceRestore } from '../features/backup/service';
import { restoreTargetOf } from '../features/backup/staging';
import { openFileStorage } from '../storage/open-storage';
import { tablesInForeignKeyOrder } from '../features/backup/tables';
import { dumpThrough, writeBackup } from '../features/backup/writer';
import { VERSION } from '../server';
import { runningServerRefusal, takeFlag } from './backup-commands';
import type { Command } from './commands';

/** One end of a migration: a PostgreSQL database (uploads in --data-dir) or a data dir's SQLite file. */
interface Instance {
  label: string;
  dataDir: string;
  databaseUrl: string | null;
  /** The uploads' bucket (STORAGE_URL, both ends), or null for the data dir's folder. */
  storageUrl: string | null;
}

/** `postgres://…` or a data dir (or the wishwell.db file in it). */
function instance(spec: string, config: Config): Instance {
  const storageUrl = config.storageUrl;
  if (/^postgres(ql)?:\/\//.test(spec)) return { label: spec.replace(/\/\/[^@/]*@/, '//…@'), dataDir: config.dataDir, databaseUrl: spec, storageUrl };
  const path = resolve(spec);
  const dataDir = existsSync(path) && statSync(path).isFile() ? dirname(path) : path;
  return { label: dataDir, dataDir, databaseUrl: null, storageUrl };
}

export const migrateCommand: Command = {
  name: 'migrate',
  usage: 'migrate --from DIR|URL --to DIR|URL [--force] [--data-dir DIR]',
  summary: 'copy a whole instance between SQLite and PostgreSQL, row counts checked (a target with data needs --force)',
  async run(args) {
    const [from, afterFrom] = takeFlag(args, '--from');
    const [to, afterTo] = takeFlag(afterFrom, '--to');
    const force = afterTo.includes('--force');
    if (!from || !to || from.startsWith('-') || to.startsWith('-')) {
      console.error(`Usage: wishwell ${this.usage}\n(a PostgreSQL end keeps its uploads in --data-dir, DATA_DIR)`);
      return 2;
    }
    const config = loadConfig(afterTo.filter((arg) => arg !== '--force'));
    const source = instance(from, config);
    const target = instance(to, config);
    if (source.databaseUrl === target.databaseUrl && source.dataDir === target.dataDir) {
      console.error('--from and --to are the same instance.');
      return 2;
    }
    if (!source.databaseUrl && !existsSync(databaseFile(source.dataDir))) {
      console.error(`${source.dataDir} holds no Wishwell database (wishwell.db).`);
      return 1;
    }
    const refusal = runningServerRefusal(target);
    if (refusal) {
      console.error(refusal);
      return 1;
    }
    try {
      return await migrate(source, target, force, config.restoreKeep);
    } catch (error) {
      if (!(error instanceof InvalidBackupError)) throw error;
      console.error(`Not migrated: ${error.message} The target was not changed.`);
      return 1;
    }
  },
};

async function migrate(source: Instance, target: Instance, force: boolean, restoreKeep: number): Promise<number> {
  const targetStore = await openStore(target);
  const held = await heldData(targetStore).catch(async (error: unknown) => {
    await targetStore.close();
    throw error;
  });
  if (held && !force) {
    await targetStore.close();
    console.error(`${target.label} already holds ${held}: add --force to replace it (the replaced data is kept, as a restore keeps it).`);
    return 1;
  }
  const workDir = makeWorkFolder(target.dataDir, 'migrate');
  try {
    const archive = join(workDir, 'instance.gz');
    console.log(`Reading ${source.label}`);
    const sourceStore = await openStore(source);
    const manifest = await sourceStore
      .readSnapshot((snapshot) => writeBackup({ store: sourceStore, dumpTable: dumpThrough(snapshot), files: openFileStorage(source), appVersion: VERSION }, archive, progressBar(sourceStore)))
      .finally(() => sourceStore.close());
    console.log(`Writing ${target.label}`);
    const destination = restoreTargetOf({ ...target, restoreKeep }, targetStore.schemaVersion);
    const staged = await stageRestore(destination, archive, undefined, progressBar(targetStore)).finally(() => targetStore.close());
    try {
      await staged.swap();
    } finally {
      await staged.discard();
    }
    const migrated = await openStore(target);
    try {
      const mismatches = await compareRowCounts(migrated, manifest.tables);
      if (mismatches.length > 0) {
        console.error(`Row counts differ after the copy:\n${mismatches.join('\n')}`);
        return 1;
      }
      if (target.databaseUrl) await announceRestore(migrated);
    } finally {
      await migrated.close();
    }
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Migrated ${rows} rows in ${manifest.tables.length} tables and ${Object.keys(manifest.entries).length - manifest.tables.length} uploads; every table's row count matches.`);
    if (held) console.log(`The replaced data is kept in ${target.dataDir}/pre-restore-*${target.databaseUrl ? ' and a pre_restore_* schema' : ''}.`);
    return 0;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** What the target holds that a migration would replace ("3 accounts and 5 wish lists"), or null when it is empty. */
async function heldData(store: DataStore): Promise<string | null> {
  const [users] = await store.db.select({ rows: count() }).from(store.tables.users);
  const [lists] = await store.db.select({ rows: count() }).from(store.tables.wishlists);
  if (!users?.rows && !lists?.rows) return null;
  return `${users?.rows ?? 0} accounts and ${lists?.rows ?? 0} wish lists`;
}

async function compareRowCounts(store: DataStore, expected: { name: string; rows: number }[]): Promise<string[]> {
  const byName = new Map(tablesInForeignKeyOrder(store.tables).map((table) => [table.name, table.table]));
  const mismatches: string[] = [];
  for (const { name, rows } of expected) {
    const [stored] = await store.db.select({ rows: count() }).from(byName.get(name)!);
    // The restore notes which sessions it ended (auth/retired-sessions.ts): that may be a row the source had not.
    const noted = name === 'instance_settings' && stored?.rows === rows + 1 && (await restoreNote(store)) !== null;
    if (stored?.rows !== rows && !noted) mismatches.push(`  ${name}: ${stored?.rows ?? 0} rows, the source has ${rows}`);
  }
  return mismatches;
}

/** A bar over the store's tables, one line per table done ("[#####-----] 7/14 items: 2000 rows"). */
function progressBar(store: DataStore): (step: string) => void {
  const total = tablesInForeignKeyOrder(store.tables).length;
  let done = 0;
  return (step) => {
    if (!/: \d+ rows$/.test(step)) return console.log(`  ${step}`);
    done++;
    const bar = '#'.repeat(Math.round((done / total) * 20)).padEnd(20, '-');
    console.log(`  [${bar}] ${String(done).padStart(2)}/${total} ${step}`);
  };
}
