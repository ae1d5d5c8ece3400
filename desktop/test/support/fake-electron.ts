// Stand-ins for the Electron objects the desktop modules take as parameters (Electron's binary
// cannot run on these machines). They record what the modules did, as Electron would observe it.
import type { GuardableContents, GuardableSession } from '../../src/navigation';
import type { IpcSender, MainIpc } from '../../src/ipc-handlers';
import type { RendererIpc } from '../../src/preload-api';

type Listener = (...args: any[]) => unknown;

/** A navigation event: preventDefault() marks it stopped. */
export function navigationEvent(url: string) {
  return { url, prevented: false, preventDefault() { this.prevented = true; } };
}

export class FakeWebContents implements GuardableContents {
  readonly listeners = new Map<string, Listener[]>();
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' }) | null = null;

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.windowOpenHandler = handler;
  }

  /** Emits an event the way Electron would; returns the event object. */
  emit(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', url = '') {
    const details = navigationEvent(url);
    for (const listener of this.listeners.get(event) ?? []) listener(details);
    return details;
  }
}

export class FakeSession implements GuardableSession {
  requestHandler: ((contents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
  checkHandler: (() => boolean) | null = null;

  setPermissionRequestHandler(handler: NonNullable<FakeSession['requestHandler']>): void {
    this.requestHandler = handler;
  }

  setPermissionCheckHandler(handler: () => boolean): void {
    this.checkHandler = handler;
  }
}

/**
 * ipcMain and ipcRenderer joined in process: the renderer's invoke/send reach the main handlers
 * with a sender whose frame URL is the page's, and main's sender.send reaches renderer listeners.
 */
export class FakeIpc implements MainIpc {
  private readonly handlers = new Map<string, Listener>();
  private readonly mainListeners = new Map<string, Listener>();
  private readonly rendererListeners = new Map<string, Set<Listener>>();

  handle(channel: string, listener: Listener): void {
    this.handlers.set(channel, listener);
  }

  on(channel: string, listener: Listener): this {
    this.mainListeners.set(channel, listener);
    return this;
  }

  channels(): string[] {
    return [...this.handlers.keys(), ...this.mainListeners.keys()];
  }

  /** The renderer side, for a page loaded from `frameUrl`. */
  renderer(frameUrl: string): RendererIpc {
    const sender: IpcSender = {
      senderFrame: { url: frameUrl },
      sender: { send: (channel, ...args) => this.rendererListeners.get(channel)?.forEach((l) => l({}, ...args)) },
    };
    return {
      invoke: async (channel, ...args) => {
        const handler = this.handlers.get(channel);
        if (!handler) throw new Error(`No handler registered for '${channel}'`);
        return handler(sender, ...args);
      },
      send: (channel, ...args) => void this.mainListeners.get(channel)?.(sender, ...args),
      on: (channel, listener) => {
        this.rendererListeners.set(channel, (this.rendererListeners.get(channel) ?? new Set()).add(listener));
      },
      removeListener: (channel, listener) => this.rendererListeners.get(channel)?.delete(listener),
    };
  }

  rendererListenerCount(channel: string): number {
    return this.rendererListeners.get(channel)?.size ?? 0;
  }
}

/** A window's progress bar, as the taskbar would show it. */
export class FakeProgressWindow {
  readonly values: number[] = [];
  setProgressBar(value: number): void {
    this.values.push(value);
  }
}

/** Electron's Notification: records what was shown; click() plays the operator's click. */
export class FakeNotification {
  static shown: FakeNotification[] = [];
  private clickListener: (() => void) | null = null;
  constructor(readonly title: string, readonly body: string) {}
  on(_event: 'click', listener: () => void): this {
    this.clickListener = listener;
    return this;
  }
  show(): void {
    FakeNotification.shown.push(this);
  }
  click(): void {
    this.clickListener?.();
  }
}
