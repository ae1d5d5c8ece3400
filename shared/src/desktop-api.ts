/**
 * The contract between the desktop app's preload script (which exposes it on `window` as
 * `wishwellDesktop` through Electron's contextBridge) and the admin console's PlatformBridge.
 * Only plain data crosses it: the main process builds every URL from the configured server and
 * authenticates with the window's own session cookies, so the page can name neither.
 */

export const DESKTOP_API_GLOBAL = 'wishwellDesktop';

/** Bytes moved so far; total is null when the server did not say (streamed backups). */
export interface TransferProgress {
  loaded: number;
  total: number | null;
}

/** A failed backup or restore as the main process saw it: the server's message when it sent one. */
export interface DesktopFailure {
  ok: false;
  status: number;
  message: string | null;
}

export type DesktopResult<T> = ({ ok: true } & T) | DesktopFailure;

/** A backup file chosen in the native Open dialog: the page sees its name, the main process keeps its path. */
export interface PickedBackupFile {
  id: string;
  name: string;
  size: number;
}

export interface DesktopApi {
  /** Native Save dialog, then POST /admin/backup streamed to the chosen path. `saved: false` when cancelled. */
  saveBackup(onProgress: (progress: TransferProgress) => void): Promise<DesktopResult<{ saved: boolean }>>;
  /** Native Open dialog filtered to .gz; null when cancelled. */
  pickRestoreFile(): Promise<PickedBackupFile | null>;
  /** Uploads a picked file to POST /admin/restore (multipart `backupFile`). */
  uploadRestoreFile(fileId: string, onProgress: (progress: TransferProgress) => void): Promise<DesktopResult<{ message: string | null }>>;
  /** A native desktop notification. */
  notify(title: string, body: string): void;
}

/** `wishlist-backup-{ISO timestamp}.gz`, with the time's colons as dashes (Windows refuses ':' in names). */
export function backupFileName(at: Date): string {
  return `wishlist-backup-${at.toISOString().replace(/:/g, '-')}.gz`;
}
