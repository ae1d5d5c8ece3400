import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { SIGNED_IN_COOKIE } from '@wishwell/shared/session-cookie';
import { api, ApiRequestError, readCookie, setBearerToken } from '../api/client';
import { useAccountLanguage } from '../i18n/account-language';

/** Waits between profile attempts when the network or the server fails (not when it says "signed out"). */
const PROFILE_RETRY_DELAYS_MS = [500, 1500];

/** A network error or a 5xx may pass; a 4xx is the server's answer that nobody is signed in. */
const isPassingFailure = (error: unknown) => !(error instanceof ApiRequestError) || error.status >= 500;

const hasSessionHint = () => readCookie(SIGNED_IN_COOKIE) !== null;
const dropSessionHint = () => {
  document.cookie = `${SIGNED_IN_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
};

/**
 * The signed-in profile, or null when signed out; a blip is retried before it counts as signed
 * out. Without the session's readable hint nobody is signed in, and the server is not asked.
 */
async function loadProfile(): Promise<SessionProfile | null> {
  if (!hasSessionHint()) return null;
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.get('/users/profile');
    } catch (error) {
      // spec: failure means signed out, no message
      if (!isPassingFailure(error)) {
        dropSessionHint(); // the session expired or was revoked
        return null;
      }
      const delay = PROFILE_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) return null;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export interface Session {
  loading: boolean;
  user: SessionProfile | null;
  /** Stores the profile a login, registration or reset answered with. */
  signIn(profile: SessionProfile): void;
  /**
   * Ends the session on the server; on failure the profile is kept and 'Logout failed' logged.
   * `leave` (e.g. navigating to /) runs before the profile is cleared, and the router's
   * navigation and the cleared profile are both transitions, committed together: a signed-in
   * page is left instead of its guard bouncing to /login. A session that came through an
   * identity provider with an end-session endpoint leaves for the provider instead, which
   * signs out there too and sends the browser back to the site.
   */
  signOut(leave?: () => void | Promise<void>): Promise<boolean>;
  /** Replaces fields of the stored profile after an edit (a new token becomes the bearer). */
  update(profile: Partial<SessionProfile>): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [loading, setLoading] = useState(true);
  const [user, setUser] = useState<SessionProfile | null>(null);
  useAccountLanguage(user);

  const signIn = useCallback((profile: SessionProfile) => {
    setBearerToken(profile.token || null);
    setUser(profile);
  }, []);

  // A transition: an urgent update reaching a server-rendered page still hydrating makes React
  // hydrate all of it at once, in one long task; a transition lets it hydrate in slices.
  useEffect(() => {
    void loadProfile().then((profile) =>
      startTransition(() => {
        if (profile) signIn(profile);
        setLoading(false);
      }),
    );
  }, [signIn]);

  const signOut = useCallback(async (leave?: () => void | Promise<void>) => {
    try {
      const answer = await api.post('/users/logout');
      if (answer.endSessionUrl) {
        setBearerToken(null);
        window.location.assign(answer.endSessionUrl);
        return true;
      }
      await leave?.();
      setBearerToken(null);
      startTransition(() => setUser(null));
      return true;
    } catch (error) {
      console.error('Logout failed', error);
      return false;
    }
  }, []);

  const update = useCallback((profile: Partial<SessionProfile>) => {
    if (profile.token) setBearerToken(profile.token);
    setUser((current) => (current ? { ...current, ...profile } : current));
  }, []);

  const value = useMemo(() => ({ loading, user, signIn, signOut, update }), [loading, user, signIn, signOut, update]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
