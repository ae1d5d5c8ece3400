import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { notify } from '../notifications/notify';

export interface AsyncActionTexts {
  /** Shown (as an error) when the work fails and the server sent no message (spec section 8). */
  failure: string;
  /** Shown (as a success) when the work succeeds. */
  success?: string;
}

/**
 * One user action that talks to the server: `busy` while it runs, a success toast when it worked,
 * the server's message (or the fallback) when it failed. Resolves to whether it worked.
 */
export function useAsyncAction() {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async (work: () => Promise<unknown>, texts: AsyncActionTexts): Promise<boolean> => {
    if (running.current) return false; // a double click does not send the request twice
    running.current = true;
    setBusy(true);
    try {
      await work();
      if (texts.success) notify(texts.success, 'success');
      return true;
    } catch (error) {
      notify(errorMessage(error, texts.failure), 'error');
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
