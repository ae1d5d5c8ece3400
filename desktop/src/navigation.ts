import { decideUrl } from './trusted-url';

/** The parts of Electron's WebContents the guards use (a fake in tests). */
export interface GuardableContents {
  on(event: 'will-navigate' | 'will-redirect', listener: (details: { url: string; preventDefault(): void }) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** The parts of Electron's Session the guards use. */
export interface GuardableSession {
  setPermissionRequestHandler(handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void): void;
  setPermissionCheckHandler(handler: () => boolean): void;
}

/**
 * Keeps a window on the server's origin: navigation elsewhere is stopped (http(s) pages open in
 * the system browser, other schemes are dropped), new windows are never created, <webview> never
 * attaches. `trustedOrigin` is read on every check, so changing the server takes effect at once.
 */
export function guardNavigation(contents: GuardableContents, trustedOrigin: () => string, openExternal: (url: string) => unknown): void {
  const handle = (url: string): boolean => {
    const decision = decideUrl(url, trustedOrigin());
    if (decision === 'open-externally') void openExternal(url);
    return decision === 'allow';
  };
  const stopUntrusted = (details: { url: string; preventDefault(): void }) => {
    if (!handle(details.url)) details.preventDefault();
  };
  contents.on('will-navigate', stopUntrusted);
  contents.on('will-redirect', stopUntrusted);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    handle(url);
    return { action: 'deny' };
  });
}

/** Denies every permission request (camera, geolocation, notifications, ...) and check. */
export function denyPermissions(session: GuardableSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
