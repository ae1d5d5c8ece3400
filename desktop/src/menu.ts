import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  changeServer(): void;
  openAdminHome(): void;
}

export const CHANGE_SERVER_LABEL = 'Change Server…';

/** The app menu: the server address can be changed at any time; the usual edit and view roles. */
export function appMenuTemplate(actions: MenuActions, isMac: boolean): MenuItemConstructorOptions[] {
  return [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [
        { label: 'Admin Dashboard', accelerator: 'CmdOrCtrl+Shift+H', click: () => actions.openAdminHome() },
        { label: CHANGE_SERVER_LABEL, click: () => actions.changeServer() },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'reload' }, { type: 'separator' }, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }],
    },
    { role: 'windowMenu' },
  ];
}
