import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionProfile } from '@wishwell/shared/api-types';
import { api, setBearerToken } from '../api/client';

export interface Session {
  loading: boolean;
  user: SessionProfile | null;
  /** Stores the profile a login, registration or reset answered with. */
  signIn(profile: SessionProfile): void;
  /** Ends the session on the server; on failure the profile is kept and 'Logout failed' logged. */
  signOut(): Promise<boolean>;
  /** Replaces the stored profile after an edit. */
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

  const signOut = useCallback(async () => {
    try {
      await api.post('/users/logout');
      setBearerToken(null);
      setUser(null);
      return true;
    } catch (error) {
      console.error('Logout failed', error);
      return false;
    }
  }, []);

  const update = useCallback((profile: Partial<SessionProfile>) => {
    setUser((current) => (current ? { ...current, ...profile } : current));
  }, []);

  const value = useMemo(() => ({ loading, user, signIn, signOut, update }), [loading, user, signIn, signOut, update]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
