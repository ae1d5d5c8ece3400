import type { BrowserWindowConstructorOptions } from 'electron';

/** The persistent partition keeps the admin's session (cookies) between launches. */
export const ADMIN_PARTITION = 'persist:wishwell-admin';

/**
 * The admin window: the page runs isolated from Node and Electron, sandboxed, with web security on;
 * it reaches the app only through the preload's contextBridge API.
 */
export function adminWindowOptions(preloadPath: string, iconPath?: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 860,
    minWidth: 390,
    title: 'Wishwell Admin',
    ...(iconPath ? { icon: iconPath } : {}),
    webPreferences: secureWebPreferences(preloadPath, ADMIN_PARTITION),
  };
}

/** The small first-launch form asking for the server address: same rules, its own in-memory partition. */
export function setupWindowOptions(preloadPath: string): BrowserWindowConstructorOptions {
  return {
    width: 520,
    height: 340,
    resizable: false,
    title: 'Connect to a Wishwell server',
    show: false,
    webPreferences: secureWebPreferences(preloadPath, 'wishwell-setup'),
  };
}

function secureWebPreferences(preload: string, partition: string): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload,
    partition,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}
