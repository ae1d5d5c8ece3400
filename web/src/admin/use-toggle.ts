import { useCallback } from 'react';
import { api, errorMessage } from '../api/client';
import { notify } from '../notifications/notify';
import { useAdminText } from './admin-text';

/** PUT an admin toggle (enable/disable), then reload the list; a failure shows the server's message or 'Action failed'. */
export function useToggle(reload: () => void | Promise<void>) {
  const t = useAdminText();
  return useCallback(
    async (path: '/users/:id/toggle-disable' | '/wishlists/:id/toggle-disable', id: string) => {
      try {
        await api.put(path, { params: { id } });
      } catch (error) {
        console.error('Action failed', error);
        notify(errorMessage(error, t('common.actionFailed')), 'error');
      }
      await reload();
    },
    [reload, t],
  );
}
