// The desktop app's main process: wiring only. Every decision lives in a tested module.
import { app, BrowserWindow, dialog, ipcMain, Menu, Notification, session, shell } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { scrapeLogsPathFor } from '@wishwell/shared/admin-events';
import { AdminNotifier } from './admin-notifier';
import { saveBackup } from './backup-save';
import { AdminEventStream } from './event-stream';
import { registerBridgeHandlers, registerSetupHandlers } from './ipc-handlers';
import { appMenuTemplate } from './menu';
import { denyPermissions, guardNavigation } from './navigation';
import { RestoreFiles } from './restore-upload';
import { createServerFetch, sessionHeaders } from './server-client';
import { serverSetup } from './server-setup';
import { loadSettings } from './settings';
import { ADMIN_PARTITION, adminWindowOptions, setupWindowOptions } from './window-options';

const here = __dirname;
const setupPage = join(here, 'setup.html');
const icon = join(here, 'icon.png');

let origin = '';
let adminWindow: BrowserWindow | null = null;
let setupWindow: BrowserWindow | null = null;
let stream: AdminEventStream | null = null;

app.enableSandbox();
if (!app.requestSingleInstanceLock()) app.quit();
else void app.whenReady().then(start);

async function start(): Promise<void> {
  const adminSession = session.fromPartition(ADMIN_PARTITION);
  denyPermissions(adminSession);
  const serverFetch = createServerFetch(() => origin, () => sessionHeaders(adminSession.cookies, origin));
  const progressWindow = { setProgressBar: (value: number) => adminWindow?.setProgressBar(value) };
  const restoreFiles = new RestoreFiles({
    dialog: { showOpenDialog: (options) => dialog.showOpenDialog(adminWindow!, options) },
    window: progressWindow,
    serverFetch,
  });
  registerBridgeHandlers(ipcMain, {
    trustedOrigin: () => origin,
    saveBackup: (onProgress) =>
      saveBackup(
        { dialog: { showSaveDialog: (options) => dialog.showSaveDialog(adminWindow!, options) }, window: progressWindow, serverFetch, defaultDir: app.getPath('downloads') },
        onProgress,
      ),
    pickRestoreFile: () => restoreFiles.pick(),
    uploadRestoreFile: (id, onProgress) => restoreFiles.upload(id, onProgress),
    notify: (title, body) => new Notification({ title, body, icon }).show(),
  });
  registerSetupHandlers(
    ipcMain,
    pathToFileURL(setupPage).href,
    serverSetup({ settingsDir: app.getPath('userData'), fetchFn: fetch, onConnected: connectTo }),
  );

  const notifier = new AdminNotifier({
    createNotification: ({ title, body }) => new Notification({ title, body, icon }),
    showScrapeLogs: (domain) => openAdmin(scrapeLogsPathFor(domain)),
    focusWindow: () => openAdmin(),
  });
  stream = new AdminEventStream({ serverFetch, onEvent: (event) => notifier.handle(event) });

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(appMenuTemplate({ changeServer: openSetup, openAdminHome: () => openAdmin('/admin') }, process.platform === 'darwin')),
  );
  app.on('second-instance', () => openAdmin());
  app.on('activate', () => openAdmin());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  function connectTo(newOrigin: string): void {
    origin = newOrigin;
    setupWindow?.close();
    openAdmin('/admin');
    stream?.reconnectNow();
  }

  origin = (await loadSettings(app.getPath('userData'))).serverOrigin ?? '';
  openAdmin('/admin');
  stream.start();
}

/** Brings the admin window forward (opening the setup form while no server is set); with a path, loads that page. */
function openAdmin(path?: string): void {
  if (!origin) return openSetup();
  if (!adminWindow || adminWindow.isDestroyed()) {
    adminWindow = new BrowserWindow(adminWindowOptions(join(here, 'preload.cjs'), icon));
    guardNavigation(adminWindow.webContents, () => origin, (url) => shell.openExternal(url));
    // Signing in should not wait out the stream's backoff: reconnect when the page moves.
    adminWindow.webContents.on('did-navigate-in-page', () => {
      if (stream && !stream.isConnected) stream.reconnectNow();
    });
    path ??= '/admin';
  }
  if (path) void adminWindow.loadURL(origin + path);
  if (adminWindow.isMinimized()) adminWindow.restore();
  adminWindow.show();
  adminWindow.focus();
}

function openSetup(): void {
  if (setupWindow && !setupWindow.isDestroyed()) return setupWindow.focus();
  setupWindow = new BrowserWindow({ ...setupWindowOptions(join(here, 'setup-preload.cjs')), ...(adminWindow ? { parent: adminWindow, modal: true } : {}) });
  // No http(s) origin is trusted here: the form never navigates (links open in the system browser).
  guardNavigation(setupWindow.webContents, () => '', (url) => shell.openExternal(url));
  denyPermissions(setupWindow.webContents.session);
  setupWindow.once('ready-to-show', () => setupWindow?.show());
  void setupWindow.loadFile(setupPage);
}
