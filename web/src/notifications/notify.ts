import { OverlayToaster, Position, type Intent, type Toaster } from '@blueprintjs/core';
import { NOTIFICATION_TIMEOUT_MS } from '@wishwell/shared/constants';

export type Severity = 'info' | 'success' | 'warning' | 'error';

const INTENTS: Record<Severity, Intent> = { info: 'none', success: 'success', warning: 'warning', error: 'danger' };

let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  // Bottom centre; toasts close on their own or by their button, never by clicking elsewhere.
  toaster ??= OverlayToaster.createAsync({ position: Position.BOTTOM, maxToasts: 3, canEscapeKeyClear: false });
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
