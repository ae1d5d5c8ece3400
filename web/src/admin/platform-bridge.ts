import { DESKTOP_API_GLOBAL, type DesktopApi, type TransferProgress } from '@wishwell/shared/desktop-api';
import type { Severity } from '../notifications/notify';
import { browserBridge } from './browser-bridge';
import { desktopBridge } from './desktop-bridge';

export type { TransferProgress };

/** A backup file the operator chose for a restore: a File in the browser, a path kept by the desktop app. */
export interface RestoreFile {
  readonly name: string;
  readonly size: number;
}

/**
 * What the admin console needs from the platform it runs on. Pages call only this; the desktop
 * app's preload implements it with native dialogs and notifications, the browser with a download
 * link, a file input and toasts.
 */
export interface PlatformBridge {
  readonly kind: 'browser' | 'desktop';
  /** POST /admin/backup and keep the file. Resolves false when the operator cancelled the Save dialog. */
  saveBackup(onProgress?: (progress: TransferProgress) => void): Promise<boolean>;
  /** Lets the operator choose a .gz backup file; null when they cancelled. */
  pickRestoreFile(): Promise<RestoreFile | null>;
  /** Uploads a chosen file to POST /admin/restore (multipart `backupFile`); rejects with an ApiRequestError. */
  uploadRestoreFile(file: RestoreFile, onProgress?: (progress: TransferProgress) => void): Promise<void>;
  /** Tells the operator something happened (a toast; in the desktop app also a native notification). */
  notify(message: string, severity?: Severity): void;
}

declare global {
  interface Window {
    [DESKTOP_API_GLOBAL]?: DesktopApi;
  }
}

/** The desktop app's bridge when its preload is present, else the browser's. */
export function getPlatformBridge(): PlatformBridge {
  const desktop = window[DESKTOP_API_GLOBAL];
  return desktop ? desktopBridge(desktop) : browserBridge;
}
