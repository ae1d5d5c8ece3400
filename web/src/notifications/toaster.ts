import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

/** Bottom centre; toasts close on their own or by their button, never by clicking elsewhere. */
export function createToaster(): Promise<Toaster> {
  return OverlayToaster.createAsync({ position: Position.BOTTOM, maxToasts: 3, canEscapeKeyClear: false });
}
