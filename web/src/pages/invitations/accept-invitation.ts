import { ownerPath } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { notify } from '../../notifications/notify';

/**
 * Accepts an editor invitation for the signed-in account and answers where to go next: the
 * list on success (with a toast), else the dashboard with the server's reason (or `failure`).
 */
export async function acceptInvitation(token: string, failure: string): Promise<string> {
  try {
    const accepted = await api.post('/invitations/:token/accept', { params: { token } });
    notify(accepted.message, 'success');
    return ownerPath(accepted.wishlistId);
  } catch (error) {
    notify(errorMessage(error, failure), 'error');
    return '/dashboard';
  }
}
