import { OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { keepToastsClear } from './toast-placement';

/** Bottom centre; toasts close on their own or by their button, never by clicking elsewhere. */
export function createToaster(): Promise<Toaster> {
  const root = document.createElement('div');
  document.body.append(root);
  keepToastsClear(root);
  return OverlayToaster.create({ position: Position.BOTTOM, maxToasts: 3, canEscapeKeyClear: false, className: 'ww-toaster' }, { container: root });
}
