/** IPC channel names shared by the preload scripts and the main process. */
export const IPC = {
  saveBackup: 'wishwell:save-backup',
  pickRestoreFile: 'wishwell:pick-restore-file',
  uploadRestoreFile: 'wishwell:upload-restore-file',
  notify: 'wishwell:notify',
  /** main -> page: (transferId, TransferProgress) while a backup or restore moves. */
  transferProgress: 'wishwell:transfer-progress',
  setupConnect: 'wishwell:setup-connect',
  setupCurrent: 'wishwell:setup-current',
} as const;

export const SETUP_API_GLOBAL = 'wishwellSetup';

/** The first-launch form's API (setup preload -> main). */
export interface SetupApi {
  /** The address saved so far ('' on first launch). */
  current(): Promise<string>;
  /** Checks and saves the address; the message says what is wrong when it is refused. */
  connect(address: string): Promise<{ ok: true } | { ok: false; message: string }>;
}
