import { PRODUCT_NAME } from '@wishwell/shared/constants';
import type { DesktopApi, DesktopResult } from '@wishwell/shared/desktop-api';
import { ApiRequestError } from '../api/client';
import { notify } from '../notifications/notify';
import type { PlatformBridge, RestoreFile } from './platform-bridge';

/** A restore file chosen in the desktop app's Open dialog: its id names the path the main process kept. */
interface DesktopRestoreFile extends RestoreFile {
  readonly id: string;
}

/** The admin console inside the desktop app: native Save/Open dialogs and notifications through the preload. */
export function desktopBridge(desktop: DesktopApi): PlatformBridge {
  const ignoreProgress = () => {};
  return {
    kind: 'desktop',
    saveBackup: async (onProgress) => unwrap(await desktop.saveBackup(onProgress ?? ignoreProgress)).saved,
    pickRestoreFile: () => desktop.pickRestoreFile(),
    uploadRestoreFile: async (file, onProgress) => {
      unwrap(await desktop.uploadRestoreFile((file as DesktopRestoreFile).id, onProgress ?? ignoreProgress));
    },
    notify: (message, severity) => {
      notify(message, severity);
      desktop.notify(PRODUCT_NAME, message);
    },
  };
}

function unwrap<T>(result: DesktopResult<T>): T {
  if (!result.ok) throw new ApiRequestError(result.status, result.message);
  return result;
}
