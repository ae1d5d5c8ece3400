import type { Intent, Toaster } from '@blueprintjs/core';
import { NOTIFICATION_TIMEOUT_MS } from '@wishwell/shared/constants';

export type Severity = 'info' | 'success' | 'warning' | 'error';

const INTENTS: Record<Severity, Intent> = { info: 'none', success: 'success', warning: 'warning', error: 'danger' };

let toaster: Promise<Toaster> | null = null;

/** The toaster and its overlay code load with the first notification, not with the page. */
function getToaster(): Promise<Toaster> {
  toaster ??= import('./toaster').then(({ createToaster }) => createToaster());
  return toaster;
}

/** A button on a toast (e.g. 'Show' leading to the page about it). */
export interface ToastAction {
  text: string;
  onClick: () => void;
}

/** The notification bar (spec section 4): message and severity (default info), hides after 6000 ms. */
export function notify(message: string, severity: Severity = 'info', action?: ToastAction): void {
  void getToaster().then((t) => t.show({ message, intent: INTENTS[severity], timeout: NOTIFICATION_TIMEOUT_MS, action }));
}
