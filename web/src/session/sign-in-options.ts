import type { SignInOptions } from '@wishwell/shared/sign-in-options';
import { api } from '../api/client';
import { useAnswer } from '../api/use-answer';

/** Until the server answers (or when it cannot), the page offers what every server has: the password form. */
const PASSWORD_ONLY: SignInOptions = { passwordLogin: true, registration: 'open', oidc: null, pendingLink: null };

/** What this site offers for signing in (asked on every visit: a pending link lives in a cookie); null while loading. */
export function useSignInOptions(): SignInOptions | null {
  return useAnswer(() => api.get('/users/sign-in-options').catch(() => PASSWORD_ONLY), []);
}
