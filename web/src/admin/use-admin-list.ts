import { useCallback, useEffect, useState } from 'react';
import { api } from '../api/client';

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

  return { rows, loading, reload };
}
