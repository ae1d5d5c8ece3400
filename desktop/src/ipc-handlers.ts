import type { DesktopResult, PickedBackupFile, TransferProgress } from '@wishwell/shared/desktop-api';
import { IPC, type SetupApi } from './ipc-channels';
import { isTrustedUrl } from './trusted-url';

/** What the main process sees of an IPC message's sender. */
export interface IpcSender {
  senderFrame: { url: string } | null;
  sender: { send(channel: string, ...args: unknown[]): void };
}

/** The parts of Electron's ipcMain the app uses. */
export interface MainIpc {
  handle(channel: string, listener: (event: IpcSender, ...args: any[]) => unknown): void;
  on(channel: string, listener: (event: IpcSender, ...args: any[]) => void): unknown;
}

export interface BridgeServices {
  trustedOrigin(): string;
  saveBackup(onProgress: (progress: TransferProgress) => void): Promise<DesktopResult<{ saved: boolean }>>;
  pickRestoreFile(): Promise<PickedBackupFile | null>;
  uploadRestoreFile(fileId: string, onProgress: (progress: TransferProgress) => void): Promise<DesktopResult<{ message: string | null }>>;
  notify(title: string, body: string): void;
}

export const UNTRUSTED_SENDER = 'Refused: the calling page is not on the configured Wishwell server.';

/**
 * The main side of the admin window's bridge. Every message is checked against the frame that
 * sent it: only pages of the configured server may save, restore or notify.
 */
export function registerBridgeHandlers(ipc: MainIpc, services: BridgeServices): void {
  const trusted = (event: IpcSender) => isTrustedUrl(event.senderFrame?.url ?? '', services.trustedOrigin());
  const guarded =
    <A extends unknown[], R>(run: (event: IpcSender, ...args: A) => Promise<R>) =>
    (event: IpcSender, ...args: A) => {
      if (!trusted(event)) throw new Error(UNTRUSTED_SENDER);
      return run(event, ...args);
    };
  const progressTo = (event: IpcSender, transferId: unknown) => (progress: TransferProgress) =>
    event.sender.send(IPC.transferProgress, transferId, progress);

  ipc.handle(IPC.saveBackup, guarded((event, transferId: unknown) => services.saveBackup(progressTo(event, transferId))));
  ipc.handle(IPC.pickRestoreFile, guarded(() => services.pickRestoreFile()));
  ipc.handle(
    IPC.uploadRestoreFile,
    guarded((event, transferId: unknown, fileId: unknown) => services.uploadRestoreFile(String(fileId), progressTo(event, transferId))),
  );
  ipc.on(IPC.notify, (event, title: unknown, body: unknown) => {
    if (trusted(event)) services.notify(String(title).slice(0, 200), String(body).slice(0, 1000));
  });
}

/** The first-launch form's handlers: only the app's own setup page may call them. */
export function registerSetupHandlers(ipc: MainIpc, setupPageUrl: string, setup: SetupApi): void {
  const fromSetupPage = (event: IpcSender) => {
    if (event.senderFrame?.url !== setupPageUrl) throw new Error('Refused: not the setup page.');
  };
  ipc.handle(IPC.setupCurrent, (event) => {
    fromSetupPage(event);
    return setup.current();
  });
  ipc.handle(IPC.setupConnect, (event, address: unknown) => {
    fromSetupPage(event);
    return setup.connect(String(address));
  });
}
