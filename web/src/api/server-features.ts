import type { HealthStatus } from '@wishwell/shared/api-types';
import { api } from './client';
import { useAnswer } from './use-answer';

let health: Promise<HealthStatus | null> | null = null;

/** Whether this server can send e-mail, asked once per page load; null while unknown. */
export function useCanSendMail(): boolean | null {
  // An unknown answer leaves the entry as it always was: the server's error explains a failure.
  return useAnswer(() => (health ??= api.get('/health').catch(() => null)).then((status) => status?.canSendMail ?? true), []);
}
