import { circlePath } from '@wishwell/shared/circle-types';
import { api, errorMessage } from '../../api/client';
import { notify } from '../../notifications/notify';

/** Joins the circle of an invite link for the signed-in account and answers where to go next: the circle, else the circles page with the server's reason. */
export async function joinCircle(token: string, failure: string): Promise<string> {
  try {
    const joined = await api.post('/circles/join/:token', { params: { token } });
    return circlePath(joined.circleId);
  } catch (error) {
    notify(errorMessage(error, failure), 'error');
    return '/circles';
  }
}

/** The token of an invite link pasted whole, or the token itself. */
export function joinTokenOf(linkOrToken: string): string {
  const trimmed = linkOrToken.trim();
  return trimmed.match(/\/circles\/join\/([\w-]+)/)?.[1] ?? trimmed;
}
