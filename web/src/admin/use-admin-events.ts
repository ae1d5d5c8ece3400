import { useEffect, useRef } from 'react';
import { API_BASE } from '@wishwell/shared/constants';
import { ADMIN_EVENT_TYPES, type AdminStreamEvent } from '@wishwell/shared/admin-events';

type Listener = (event: AdminStreamEvent) => void;

/** How long the stream stays open after its last listener leaves: a page that remounts finds it open. */
const KEEP_OPEN_MS = 30_000;
/** Events kept for the next listener while none listens (the newest). */
const HELD_EVENTS = 50;

interface SharedStream {
  source: EventSource;
  listeners: Set<Listener>;
  held: AdminStreamEvent[];
  closeTimer: ReturnType<typeof setTimeout> | null;
}

let shared: SharedStream | null = null;

function openStream(): SharedStream {
  const stream: SharedStream = { source: new EventSource(`${API_BASE}/admin/events`), listeners: new Set(), held: [], closeTimer: null };
  for (const type of ADMIN_EVENT_TYPES) {
    stream.source.addEventListener(type, (message) => {
      const { lastEventId, data } = message as MessageEvent<string>;
      const event = { id: lastEventId, type, data: JSON.parse(data) } as AdminStreamEvent;
      if (stream.listeners.size === 0) stream.held = [...stream.held, event].slice(-HELD_EVENTS);
      for (const listener of stream.listeners) listener(event);
    });
  }
  return stream;
}

/** Joins the console's one stream; answers the leaving function. */
function listen(listener: Listener): () => void {
  // A stream the server refused (signed out meanwhile) does not reconnect: a new one asks again.
  if (shared?.source.readyState === EventSource.CLOSED) shared = null;
  const stream = (shared ??= openStream());
  if (stream.closeTimer) clearTimeout(stream.closeTimer);
  stream.closeTimer = null;
  stream.listeners.add(listener);
  const missed = stream.held;
  stream.held = [];
  for (const event of missed) listener(event);
  return () => {
    stream.listeners.delete(listener);
    if (stream.listeners.size > 0) return;
    stream.closeTimer = setTimeout(() => {
      stream.source.close();
      if (shared === stream) shared = null;
    }, KEEP_OPEN_MS);
  };
}

/**
 * Calls `onEvent` with every admin stream event while the component is mounted. The browser's
 * EventSource sends the session cookie, reconnects by itself and resumes with Last-Event-ID (the
 * stream's first frame gives it one before any event). The console's pages share one stream, kept
 * open a while after the last leaves: an event sent while a page remounts reaches it then.
 */
export function useAdminEvents(onEvent: Listener): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => listen((event) => handler.current(event)), []);
}
