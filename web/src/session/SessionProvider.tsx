import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { api, setBearerToken } from '../api/client';

export interface Session {
  loading: boolean;
  user: SessionProfile | null;
  /** Stores the profile a login, registration or reset answered with. */
  signIn(profile: SessionProfile): void;
  /**
   * Ends the session on the server; on failure the profile is kept and 'Logout failed' logged.
   * `leave` (e.g. navigating to /) runs before the profile is cleared, so a signed-in page is left
   * first instead of its guard bouncing to /login.
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

  const signIn = useCallback((profile: SessionProfile) => {
    setBearerToken(profile.token || null);
    setUser(profile);
  }, []);

  useEffect(() => {
    api
      .get<SessionProfile>('/users/profile')
      .then(signIn)
      .catch(() => setUser(null)) // any failure means signed out, with no message
      .finally(() => setLoading(false));
  }, [signIn]);

  const signOut = useCallback(async (leave?: () => void | Promise<void>) => {
    try {
      await api.post('/users/logout');
      await leave?.();
      setBearerToken(null);
      setUser(null);
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
