import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../app/routing';

interface DialogState {
  wwDialog?: true;
}

/**
 * The browser's Back button closes an open dialog instead of leaving the page: opening pushes a
 * history entry for the same address, Back pops it (and closes), closing by a button pops it too.
 */
export function useCloseOnBack(isOpen: boolean, close: () => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const onDialogEntry = Boolean((location.state as DialogState | null)?.wwDialog);
  /** 'none' -> 'pushing' (entry requested) -> 'shown' (we are on it). */
  const entry = useRef<'none' | 'pushing' | 'shown'>('none');
  const closeRef = useRef(close);
  closeRef.current = close;

  useEffect(() => {
    if (isOpen && entry.current === 'none') {
      entry.current = 'pushing';
      // The address shown now: the router's location can be a navigation behind while its transition
      // is pending (a dialog opened right after `?add=` was dropped put the dropped link back).
      void navigate({ pathname: window.location.pathname, search: window.location.search }, { state: { wwDialog: true } satisfies DialogState });
    } else if (!isOpen && entry.current !== 'none') {
      const wasShown = entry.current === 'shown';
      entry.current = 'none';
      if (wasShown && onDialogEntry) void navigate(-1);
    }
  }, [isOpen, location.pathname, location.search, navigate, onDialogEntry]);

  useEffect(() => {
    if (onDialogEntry && entry.current === 'pushing') entry.current = 'shown';
    else if (!onDialogEntry && entry.current === 'shown') {
      entry.current = 'none'; // Back popped the dialog's entry
      closeRef.current();
    }
  }, [onDialogEntry]);
}
