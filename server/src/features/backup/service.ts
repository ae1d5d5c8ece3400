import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { makeWorkFolder } from '../../work-folders';
import { join } from 'node:path';
import type { RebuiltRuntime } from '../../app-context';
import type { DataStore } from '../../db/store';
import type { EventBus, OperationOutcome } from '../../events';
import { conflict, part, unprocessable } from '../../domain/errors';
import { stageRestore, type StagedRestore } from './restore';
import { multipartFileRange } from './multipart';
import { backupFileName } from '@wishwell/shared/desktop-api';
import type { BackupManifest } from './manifest';
import type { LiveDatabase, RestoreTarget } from './staging';
import { claimAcrossReplicas, type Operation } from './pg-operation-lock';
import type { FileStorage } from '../../storage/file-storage';
import { withSqliteSnapshotDump } from './sqlite-dump';
import { dumpThrough, writeBackup, type TableDump } from './writer';

export interface BackupServiceDeps {
  store: DataStore;
  dataDir: string;
  /** What a restore replaces: the SQLite file or the PostgreSQL database. */
  database: LiveDatabase;
  /** The uploads, backed up and restored with the database. */
  files: FileStorage;
  /** Replaced data sets a restore keeps (RESTORE_KEEP). */
  keepReplaced: number;
  appVersion: string;
  /** Where backup.finished and restore.finished are published. */
  events: EventBus;
  /** The running server's rebuild (see AppContext); without it a restore is refused. */
  rebuild?: (swap: () => Promise<void>) => Promise<RebuiltRuntime>;
}

/** The change feed channel on which a replica that restored tells the others to rebuild. */
const RESTORED_CHANNEL = 'wishwell_restored';
/** This process, told apart from the other replicas on RESTORED_CHANNEL (it outlives rebuilt runtimes). */
const THIS_REPLICA = randomUUID();

/** Tells the replicas sharing the database that it was restored from outside a server (the CLI): they rebuild. */
export function announceRestore(store: DataStore): Promise<void> {
  return store.changes.publish(RESTORED_CHANNEL, 'command line');
}

export interface BackupFile {
  path: string;
  fileName: string;
  manifest: BackupManifest;
  /** Removes the file (after it was sent). */
  discard(): void;
}

/** One backup or restore at a time, process-wide (it outlives a rebuilt runtime): a restore must never overlap a backup. */
let operationUnderWay: Operation | null = null;

const underWay = (what: Operation) => conflict('operationUnderWay', { operation: part(what) });

/** Claims the one backup or restore of this process and, on PostgreSQL, of every replica on the database; answers the release. */
async function claim(what: Operation, database: LiveDatabase): Promise<() => Promise<void>> {
  if (operationUnderWay) throw underWay(operationUnderWay);
  operationUnderWay = what;
  const free = () => void (operationUnderWay = null);
  if (database.engine === 'sqlite') return async () => free();
  try {
    const claimed = await claimAcrossReplicas(database.url, what);
    if ('running' in claimed) throw underWay(claimed.running);
    return () =>
      claimed
        .release()
        .catch((error: unknown) => console.error('Could not release the lock on backups and restores (it ends with its connection):', error))
        .finally(free);
  } catch (error) {
    free();
    throw error;
  }
}

/** Runs `work` as the one backup or restore (see claim); else 409 saying what runs. */
export async function exclusively<T>(what: Operation, database: LiveDatabase, work: () => Promise<T>): Promise<T> {
  const release = await claim(what, database);
  try {
    return await work();
  } finally {
    await release();
  }
}

export const RESTORE_STARTED_MESSAGE = 'Database restore initiated. The application will restart.';

/** Backups: a consistent snapshot of the database and the uploads, as one .gz archive. */
export class BackupService {
  constructor(private readonly deps: BackupServiceDeps) {}

  /**
   * Hears restores done by other replicas sharing the database (PostgreSQL): this one then
   * rebuilds too, so its caches and connections start afresh on the restored data.
   */
  async listen(): Promise<void> {
    const rebuild = this.deps.rebuild;
    if (!rebuild) return;
    await this.deps.store.changes.subscribe(RESTORED_CHANNEL, (replica) => {
      if (replica === THIS_REPLICA) return;
      rebuild(async () => {}).catch((error: unknown) => console.error('Could not rebuild after another replica restored a backup:', error));
    });
  }

  /**
   * Writes a backup into a temporary folder of the data dir; the caller sends it, then discards
   * it. backup.finished tells admins how it went.
   */
  create(byUserId: string | null, onProgress?: (step: string) => void): Promise<BackupFile> {
    return exclusively('backup', this.deps.database, async () => {
      const workDir = makeWorkFolder(this.deps.dataDir, 'backup');
      const discard = () => rmSync(workDir, { recursive: true, force: true });
      const createdAt = new Date();
      const fileName = backupFileName(createdAt);
      try {
        const { store, database, files, appVersion } = this.deps;
        const path = join(workDir, fileName);
        const write = (dumpTable: TableDump) => writeBackup({ store, dumpTable, files, appVersion }, path, onProgress);
        const manifest = await (database.engine === 'sqlite' ? withSqliteSnapshotDump(database.file, write) : store.readSnapshot((snapshot) => write(dumpThrough(snapshot))));
        this.deps.events.publish('backup.finished', outcome(createdAt, byUserId, fileName, Bun.file(path).size, null));
        return { path, fileName, manifest, discard };
      } catch (error) {
        discard();
        this.deps.events.publish('backup.finished', outcome(createdAt, byUserId, fileName, 0, error));
        throw error;
      }
    });
  }

  /**
   * Restores the backup uploaded to `upload` (a multipart body saved to disk): everything is
   * checked and staged first (400/422 with the reason, nothing live touched); then, after the
   * answer has gone out, the server swaps the data in and rebuilds itself.
   */
  async restoreUpload(upload: string, contentType: string, byUserId: string | null): Promise<{ message: string }> {
    const rebuild = this.deps.rebuild;
    if (!rebuild) throw unprocessable('restoreNeedsServer');
    const release = await claim('restore', this.deps.database);
    const started = new Date();
    let fileName = 'backup';
    const sizeBytes = Bun.file(upload).size;
    try {
      const part = multipartFileRange(upload, contentType, 'backupFile');
      fileName = part.fileName;
      const staged = await stageRestore(this.restoreTarget(), upload, part);
      setTimeout(() => void this.swapIn(rebuild, staged, (error) => outcome(started, byUserId, fileName, sizeBytes, error)).finally(release), 50);
      return { message: RESTORE_STARTED_MESSAGE };
    } catch (error) {
      await release();
      this.deps.events.publish('restore.finished', outcome(started, byUserId, fileName, sizeBytes, error));
      throw error;
    }
  }

  /** Rebuilds the server around the swap, then tells the other replicas and the admins. */
  private async swapIn(rebuild: NonNullable<BackupServiceDeps['rebuild']>, staged: StagedRestore, outcomeOf: (error: unknown) => OperationOutcome): Promise<void> {
    let failure: unknown = null;
    try {
      const next = await rebuild(() => staged.swap().catch((error: unknown) => void (failure = error)));
      if (failure) console.error('Restore failed while swapping the data in:', failure);
      else await next.store.changes.publish(RESTORED_CHANNEL, THIS_REPLICA);
      next.events.publish('restore.finished', outcomeOf(failure));
    } catch (error) {
      console.error('Restore failed while rebuilding the server:', error);
    } finally {
      await staged.discard();
    }
  }

  private restoreTarget(): RestoreTarget {
    const { dataDir, database, files, keepReplaced, store } = this.deps;
    return { dataDir, database, files, keepReplaced, schemaVersion: store.schemaVersion };
  }
}

/** What backup.finished and restore.finished carry: succeeded without an error, else failed with its message. */
function outcome(started: Date, byUserId: string | null, fileName: string, sizeBytes: number, error: unknown): OperationOutcome {
  return {
    at: new Date().toISOString(),
    byUserId,
    fileName,
    sizeBytes,
    durationMs: Date.now() - started.getTime(),
    outcome: error ? 'failed' : 'succeeded',
    message: error ? (error instanceof Error ? error.message : String(error)) : null,
  };
}
