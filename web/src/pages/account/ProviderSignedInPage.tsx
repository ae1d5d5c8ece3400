import { useEffect } from 'react';
import { Spinner } from '@blueprintjs/core';
import { useSession } from '../../session/SessionProvider';
import { useSignInFlow } from './sign-in';

/**
 * /signed-in: where a successful identity provider round trip lands (behind the signed-in
 * guard, so the session is loaded). It finishes as the forms do: the claimed guest list leaves
 * this browser's list, an invitation is accepted, and the user goes on to the dashboard or list.
 */
export default function ProviderSignedInPage() {
  const { user } = useSession();
  const { complete } = useSignInFlow();
  useEffect(() => {
    if (user) void complete(user);
  }, []); // once, on arrival (`complete` is a new function every render)
  return <Spinner className="ww-page-spinner" />;
}
