import { useCallback, useEffect, useState } from 'react';
import { api, errorMessage } from '../api/client';
import { notify } from '../notifications/notify';

/**
 * One admin collection: loaded on mount and again by `reload` (after a save or delete).
 * Load failures are logged only (spec section 8).
 */
export function useAdminList<T>(path: string, failureLog: string) {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    try {
      setRows(await api.get<T[]>(path));
    } catch (error) {
      console.error(failureLog, error);
    } finally {
      setLoading(false);
    }
  }, [path, failureLog]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Deletes one row (without the bearer token, as the spec's admin deletes are sent), then reloads. */
  const remove = useCallback(
    async (rowPath: string, failureText: string) => {
      try {
        await api.delete(rowPath, { withoutToken: true });
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
