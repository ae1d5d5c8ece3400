import { useEffect, useState } from 'react';
import type { SignInOptions } from '@wishwell/shared/sign-in-options';
import { api } from '../api/client';

/** Until the server answers (or when it cannot), the page offers what every server has: the password form. */
const PASSWORD_ONLY: SignInOptions = { passwordLogin: true, registration: 'open', oidc: null, pendingLink: null };

/** What this site offers for signing in (asked on every visit: a pending link lives in a cookie); null while loading. */
export function useSignInOptions(): SignInOptions | null {
  const [options, setOptions] = useState<SignInOptions | null>(null);
  useEffect(() => {
    let live = true;
    api.get('/users/sign-in-options').then(
      (answer) => live && setOptions(answer),
      () => live && setOptions(PASSWORD_ONLY),
    );
    return () => {
      live = false;
    };
  }, []);
  return options;
}
