import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api/client';
import { notify } from '../notifications/notify';

/**
 * One admin collection, read by `load` (keep it one function for the page's life): loaded on
 * mount and again by `reload` (after a save or delete).
 * Load failures are logged only (spec section 8).
 */
export function useAdminList<T>(load: () => Promise<T[]>, failureLog: string) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    try {
      setRows(await load());
    } catch (error) {
      console.error(failureLog, error);
    } finally {
      setLoading(false);
    }
  }, [load, failureLog]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Deletes one row (the call sends no bearer token, as the spec's admin deletes are sent), then reloads. */
  const remove = useCallback(
    async (deleteRow: () => Promise<unknown>, failureText: string) => {
      try {
        await deleteRow();
      } catch (error) {
        console.error(failureText, error);
        notify(errorMessage(error, failureText), 'error');
      }
      await reload();
    },
    [reload],
  );

  return { rows, loading, reload, remove };
}
