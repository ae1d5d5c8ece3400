import { useCallback } from 'react';
import { api, errorMessage } from '../api/client';
import { notify } from '../notifications/notify';

/** PUT an admin toggle (enable/disable), then reload the list; a failure shows the server's message or 'Action failed'. */
export function useToggle(reload: () => void | Promise<void>) {
  return useCallback(
    async (path: '/users/:id/toggle-disable' | '/wishlists/:id/toggle-disable', id: string) => {
      try {
        await api.put(path, { params: { id } });
      } catch (error) {
        console.error('Action failed', error);
        notify(errorMessage(error, 'Action failed'), 'error');
      }
      await reload();
    },
    [reload],
  );
}
