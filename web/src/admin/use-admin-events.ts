import { useEffect, useRef } from 'react';
import { API_BASE } from '@wishwell/shared/constants';
import { ADMIN_EVENT_TYPES, type AdminStreamEvent } from '@wishwell/shared/admin-events';

/**
 * Calls `onEvent` with every admin stream event while the component is mounted. The browser's
 * EventSource sends the session cookie, reconnects by itself and resumes with Last-Event-ID.
 */
export function useAdminEvents(onEvent: (event: AdminStreamEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    const source = new EventSource(`${API_BASE}/admin/events`);
    for (const type of ADMIN_EVENT_TYPES) {
      source.addEventListener(type, (message) => {
        const { lastEventId, data } = message as MessageEvent<string>;
        handler.current({ id: lastEventId, type, data: JSON.parse(data) } as AdminStreamEvent);
      });
    }
    return () => source.close();
  }, []);
}
