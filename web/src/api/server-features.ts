import { useEffect, useState } from 'react';
import type { HealthStatus } from '@wishwell/shared/api-types';
import { api } from './client';

let health: Promise<HealthStatus | null> | null = null;

/** Whether this server can send e-mail, asked once per page load; null while unknown. */
export function useCanSendMail(): boolean | null {
  const [canSendMail, setCanSendMail] = useState<boolean | null>(null);
  useEffect(() => {
    health ??= api.get('/health').catch(() => null);
    let live = true;
    // An unknown answer leaves the entry as it always was: the server's error explains a failure.
    void health.then((status) => live && setCanSendMail(status?.canSendMail ?? true));
    return () => {
      live = false;
    };
  }, []);
  return canSendMail;
}
