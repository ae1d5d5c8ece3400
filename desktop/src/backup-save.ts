import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { backupFileName, type DesktopResult, type TransferProgress } from '@wishwell/shared/desktop-api';
import { failureOf, transferFailed, type ServerFetch } from './server-client';
import { chunksOf, countBytes, progressReporter, type ProgressWindow } from './transfer-progress';

export interface SaveDialog {
  showSaveDialog(options: {
    title: string;
    defaultPath: string;
    filters: { name: string; extensions: string[] }[];
  }): Promise<{ canceled: boolean; filePath?: string }>;
}

export interface BackupSaveDeps {
  dialog: SaveDialog;
  window: ProgressWindow;
  serverFetch: ServerFetch;
  /** Where the Save dialog starts (Electron: app.getPath('downloads')). */
  defaultDir: string;
  now?: () => Date;
}

export const BACKUP_FILTERS = [{ name: 'Wishwell backup', extensions: ['gz'] }];

/**
 * Native Save dialog, then the server's backup streamed to a temp file beside the chosen path and
 * renamed onto it once complete: a cancel writes nothing, a failure leaves no partial file.
 */
export async function saveBackup(deps: BackupSaveDeps, onProgress: (progress: TransferProgress) => void): Promise<DesktopResult<{ saved: boolean }>> {
  const choice = await deps.dialog.showSaveDialog({
    title: 'Save Wishwell backup',
    defaultPath: join(deps.defaultDir, backupFileName((deps.now ?? (() => new Date()))())),
    filters: BACKUP_FILTERS,
  });
  if (choice.canceled || !choice.filePath) return { ok: true, saved: false };
  const target = choice.filePath;
  const progress = progressReporter(deps.window, onProgress);
  const temp = join(dirname(target), `.${basename(target)}.${randomUUID()}.part`);
  try {
    const response = await deps.serverFetch('/admin/backup', { method: 'POST' });
    if (!response.ok || !response.body) return await failureOf(response);
    const total = Number(response.headers.get('content-length')) || null;
    await pipeline(chunksOf(response.body), (source) => countBytes(source, (loaded) => progress.update(loaded, total)), createWriteStream(temp, { flags: 'wx' }));
    await rename(temp, target);
    return { ok: true, saved: true };
  } catch (error) {
    await rm(temp, { force: true });
    return transferFailed(error);
  } finally {
    progress.end();
  }
}
