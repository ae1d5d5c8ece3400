import type { HealthStatus } from '@wishwell/shared/api-types';
import { useBootData } from '../app/boot-data';
import { api } from './client';
import { useAnswer } from './use-answer';

let health: Promise<HealthStatus | null> | null = null;

/**
 * Whether this server can send e-mail: as the page was rendered with it, else asked once per page
 * load; null while unknown.
 */
export function useCanSendMail(): boolean | null {
  const rendered = useBootData()?.canSendMail;
  // An unknown answer leaves the entry as it always was: the server's error explains a failure.
  const asked = useAnswer(() => (rendered === undefined ? askServer() : Promise.resolve(rendered)), [rendered]);
  return rendered ?? asked;
}

function askServer(): Promise<boolean> {
  return (health ??= api.get('/health').catch(() => null)).then((status) => status?.canSendMail ?? true);
}
