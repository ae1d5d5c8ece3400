import type { DesktopApi, TransferProgress } from '@wishwell/shared/desktop-api';
import { IPC } from './ipc-channels';

/** The parts of Electron's ipcRenderer the preload uses. */
export interface RendererIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  send(channel: string, ...args: unknown[]): void;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * The admin window's whole view of the app (exposed by preload.ts through contextBridge): each
 * call is one IPC message carrying plain values, never an Electron or Node object.
 */
export function createDesktopApi(ipc: RendererIpc): DesktopApi {
  let nextTransferId = 0;
  /** Invokes `channel`, forwarding the progress messages the main process sends for this transfer. */
  const withProgress = async <T>(channel: string, onProgress: (progress: TransferProgress) => void, ...args: unknown[]): Promise<T> => {
    const transferId = ++nextTransferId;
    const listener = (_event: unknown, id: unknown, progress: unknown) => {
      if (id === transferId) onProgress(progress as TransferProgress);
    };
    ipc.on(IPC.transferProgress, listener);
    try {
      return (await ipc.invoke(channel, transferId, ...args)) as T;
    } finally {
      ipc.removeListener(IPC.transferProgress, listener);
    }
  };
  return {
    saveBackup: (onProgress) => withProgress(IPC.saveBackup, onProgress),
    pickRestoreFile: async () => (await ipc.invoke(IPC.pickRestoreFile)) as Awaited<ReturnType<DesktopApi['pickRestoreFile']>>,
    uploadRestoreFile: (fileId, onProgress) => withProgress(IPC.uploadRestoreFile, onProgress, String(fileId)),
    notify: (title, body) => ipc.send(IPC.notify, String(title), String(body)),
  };
}
