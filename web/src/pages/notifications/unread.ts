import { useEffect, useSyncExternalStore } from 'react';
import { api } from '../../api/client';

/** The bell's unread count, shared by the bell and the notifications page (which changes it). */
let unread = 0;
const listeners = new Set<() => void>();

export function setUnread(count: number): void {
  unread = count;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The count (one indexed count on the server, not a page of entries), fetched when `path` changes: a new page, something may have happened. */
export function useUnread(path: string): number {
  useEffect(() => {
    api
      .get('/notifications/unread')
      .then((answer) => setUnread(answer.unread))
      .catch(() => {}); // the bell keeps its last count
  }, [path]);
  return useSyncExternalStore(subscribe, () => unread, () => 0);
}
